/** A day as the billing screens write it, in the app's language: "March 3, 2027", "3 mars 2027", "2027年3月3日". */
export const longDay: Intl.DateTimeFormatOptions = { dateStyle: 'long' };
