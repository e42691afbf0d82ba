/** Which engine holds the data. */
export type Engine = 'sqlite' | 'postgres';
