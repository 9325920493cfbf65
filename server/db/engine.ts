/** The two database engines the server runs on (docs/decisions/002-one-schema-two-engines.md). */
export type DatabaseEngine = 'sqlite' | 'postgres';
