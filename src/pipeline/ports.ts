/**
 * The pipeline's ports: what the stages need from the outside, as interfaces. Adapters
 * (src/adapters) implement them; app.ts wires the concrete ones in. Task-level methods (not
 * "send this prompt") let the offline mode implement each task deterministically.
 */

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
}

/** Every model answer says which model produced it, what it cost, and the prompt it was given. */
export interface ModelResult<T> {
  value: T;
  model: string;
  usage: ModelUsage;
  /** The full prompt sent (recorded in the generation manifest); offline: a description of the task. */
  prompt: string;
}

export type ModelStep = 'default' | 'gather' | 'synthesis' | 'render' | 'verify';

/** Models chosen per step by the document's `models` config group (null: the service default). */
export type ModelChoice = Partial<Record<ModelStep, string | null>>;

export interface LlmStatus {
  mode: string;
  model: string;
  gatherModel: string;
  synthesisModel: string;
}

export interface VoiceInput {
  name: string;
  description: string | null;
  samples: string[];
}

/**
 * A field's definition as a writer states it: the label a person gave it, its type and, for an
 * enum, its options — so a value reads "lawful basis: legitimate interests", never the key and
 * the raw option id.
 */
export interface FieldDefinitionInput {
  key: string;
  label: string | null;
  valueType: string;
  options: string[] | null;
}

export interface NumberedSourceInput {
  n: number;
  title: string;
  text: string;
}

export interface WriteSectionInput {
  title: string;
  prompt: string | null;
  outputType: 'string' | 'markdown' | 'json' | 'list' | 'table';
  context: Record<string, unknown>;
  sources: NumberedSourceInput[];
  voice: VoiceInput | null;
  brief: Record<string, unknown>;
  models: ModelChoice;
  /** The document's field definitions (values are in `context.fields`); absent in runs pinned before issue #15. */
  fieldDefinitions?: FieldDefinitionInput[];
}

export interface SynthesizeInput {
  fields: Record<string, string>;
  gathered: Record<string, unknown>;
  computed: Record<string, unknown>;
  brief: string | null;
  instructions: string | null;
  schema: object | null;
  models: ModelChoice;
}

export interface JudgeClaimsInput {
  claims: Array<{ sentence: string; citations: number[] }>;
  sources: Array<{ n: number; text: string }>;
  /** What the document states without a source (its form's values, computed decisions): a claim may use them. */
  facts?: ReadonlyArray<{ label: string; value: string }>;
  models: ModelChoice;
}

export interface ExtractedFacts {
  entities: {
    people: string[];
    organizations: string[];
    places: string[];
    dates: string[];
    money: Array<{ text: string; amount: number; currency: string | null }>;
    emails: string[];
  };
  fieldValues: Record<string, string>;
}

export interface ModelGateway {
  status(): LlmStatus;
  /** The model id a task of `step` would use under the document's choice (what a derivation records). */
  modelFor(step: ModelStep, models: ModelChoice): string;
  /** The batched structured-output call of the synthesize stage. */
  synthesize(input: SynthesizeInput): Promise<ModelResult<Record<string, unknown>>>;
  /** A synthesized section: Markdown with `[n]` markers pointing at the numbered sources. */
  writeSection(input: WriteSectionInput): Promise<ModelResult<{ content: string }>>;
  /** An `llm` data-need: a prompt over earlier outputs. */
  completeDataNeed(input: { prompt: string; context: Record<string, unknown>; models: ModelChoice }): Promise<ModelResult<string>>;
  /** A model judge of cited claims; null when this gateway has no judge (offline). */
  judgeClaims(input: JudgeClaimsInput): Promise<ModelResult<Array<{ sentence: string; supported: boolean; reason: string }>> | null>;
  /** Orchestrate: facts and entity names from intake text, filling the hinted fields. */
  extractFacts(input: { text: string; fieldHints: Array<{ key: string; valueType: string; label: string | null }> }): Promise<ModelResult<ExtractedFacts>>;
  /** Prompt assist: a better section prompt. */
  improvePrompt(input: { prompt: string; topic: string | null }): Promise<ModelResult<string>>;
}

/** Where a gathered value came from, so it can be cited. */
export interface GatheredSourceInfo {
  title: string;
  kind: string;
  url?: string | null;
  tool?: string | null;
  documentId?: string | null;
  page?: number | null;
  /** Where in the file beyond a page: an extracted value's sheet or table cell (`Fees!B4`). */
  locator?: string | null;
  quote?: string | null;
  text?: string | null;
  /** The extracted items an `assessment` value was built from (a correction to one makes it stale). */
  itemIds?: string[] | null;
}

export interface ToolRegistrationInput {
  name: string;
  classPath: string;
  config: Record<string, unknown>;
}

/** The caller a per-user tool acts for: its bearer token and email are forwarded, never stored. */
export interface ToolCaller {
  bearerToken: string;
  /** The verified caller's subject: who a per-user answer belongs to (recorded, unlike the token). */
  subject: string;
  email: string | null;
  orgSlug: string;
}

export interface ToolGateway {
  /**
   * Calls a registered tool.
   *
   * @throws Error with a message a person can act on (refused URL, timeout, bad answer).
   */
  call(input: {
    registration: ToolRegistrationInput;
    args: Record<string, unknown>;
    caller: ToolCaller;
    timeoutMs: number;
  }): Promise<{ value: unknown; source: GatheredSourceInfo }>;
  /**
   * Whether calls of this registration act for the caller (their token and e-mail are
   * forwarded, so the answer is that user's): such answers are cached per caller.
   */
  forwardsCaller(registration: Pick<ToolRegistrationInput, 'classPath'>): boolean;
}

/**
 * The orchestrate stage's port: applies a run's intake text to its document (the fields found
 * in it, the snippets the organization's rulebook binds) before the run's input is loaded.
 */
export interface OrchestratePort {
  orchestrate(intakeText: string): Promise<void>;
}
