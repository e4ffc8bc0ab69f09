/*
 * The globals the shared packages may use: only those that browsers and Node both provide. TypeScript declares
 * them in its DOM library and in Node's types, and either would also let in what only one side has (`window`,
 * `document`, `Buffer`, `process`), so the ones these packages need are declared here, as the WHATWG URL
 * standard defines them. Add a member here when shared code needs it, never a global only one side has.
 */

declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | Array<[string, string]>);
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  toString(): string;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  href: string;
  readonly origin: string;
  protocol: string;
  host: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  readonly searchParams: URLSearchParams;
  hash: string;
  toString(): string;
}
