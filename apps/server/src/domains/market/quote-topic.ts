/** The hub topic of an instrument's quotes. */
export const quoteTopic = (code: string) => `quotes:${code}`;
