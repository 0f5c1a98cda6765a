/** Recorded in every generation manifest; bump when a change alters what a run produces. */
export const ENGINE_VERSION = 'quire-pipeline/2';
