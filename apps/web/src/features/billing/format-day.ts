/** A day as the billing screens write it: "3 March 2027". */
export const formatDay = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(iso));
