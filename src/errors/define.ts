/** The shape of the error catalogue (./catalogue.ts): codes from keys, texts from the details. */

/** An error as reported: a stable code, and what people read. */
export interface ErrorData {
  code: string;
  title: string;
  message: string;
  hint: string;
}

type Text<A extends unknown[]> = string | ((...args: A) => string);

/** One catalogue entry as written: the details it takes are the parameters of its texts. */
export interface ErrorDefinition<A extends unknown[]> {
  title: string;
  message: Text<A>;
  hint: Text<A>;
}

/** An entry as used: call it with the details to get the error; its code and title stand alone. */
export type ErrorKind<Code extends string, A extends unknown[]> = ((...args: A) => ErrorData & { code: Code }) & {
  readonly code: Code;
  readonly title: string;
};

type Params<T> = T extends (...args: infer A) => string ? A : [];
/** The details an entry takes: those of its message or its hint, whichever takes more. */
type Longer<A extends unknown[], B extends unknown[]> = A extends [...B, ...unknown[]] ? A : B;
type ArgsOf<D> = D extends { message: infer M; hint: infer H } ? Longer<Params<M>, Params<H>> : [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function defineErrors<T extends Record<string, ErrorDefinition<any>>>(definitions: T): { [K in keyof T & string]: ErrorKind<K, ArgsOf<T[K]>> } {
  const text = <A extends unknown[]>(t: Text<A>, args: A) => (typeof t === "function" ? t(...args) : t);
  return Object.fromEntries(
    Object.entries(definitions).map(([code, { title, message, hint }]) => {
      const make = (...args: unknown[]): ErrorData => ({ code, title, message: text(message, args), hint: text(hint, args) });
      return [code, Object.assign(make, { code, title })];
    }),
  ) as never;
}
