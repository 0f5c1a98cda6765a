/** Wire schemas of the assistants (prompt assist, Jinja tidy, model status). */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../kernel/schema.js';
import { RULE_ACTION_NAMES } from '../library/orchestration/rule-actions.js';

export const PromptAssistBody = Type.Object(
  { prompt: Type.String({ description: 'must not be blank' }), topic: Type.Optional(Nullable(Type.String())) },
  { $id: 'PromptAssistBody', additionalProperties: false },
);

export const PromptAssistResponse = Type.Object({ prompt: Type.String(), mode: Type.String() }, { $id: 'PromptAssistResponse' });

export const TidyTemplateBody = Type.Object(
  { template: Type.String({ description: 'raw template text to indent' }) },
  { $id: 'TidyTemplateBody', additionalProperties: false },
);

export const TidyTemplateResponse = Type.Object({ tidied: Type.String() }, { $id: 'TidyTemplateResponse' });

export const LlmStatusResponse = Type.Object(
  { mode: Type.String(), model: Type.String(), gatherModel: Type.String(), synthesisModel: Type.String() },
  { $id: 'LlmStatusResponse' },
);

/** One rule of the rulebook as orchestrate applied it: whether it matched and what each action did. */
export const OrchestrationPlanEntry = Type.Object(
  {
    rule: Type.Object({ id: Type.String(), name: Type.String() }),
    matched: Type.Boolean(),
    error: Type.Optional(Type.String({ description: 'why the condition could not be evaluated (the rule is then not matched)' })),
    actions: Type.Array(
      Type.Object(
        {
          action: StringEnum(RULE_ACTION_NAMES),
          status: StringEnum(['applied', 'skipped']),
          reason: Type.Optional(Type.String()),
          resolvedValue: Type.Optional(Type.String()),
        },
        {
          additionalProperties: true,
          description: "the rule's action (its own keys: key/value/fromFact/overwrite or snippetKey/entityBindings) with its outcome",
        },
      ),
    ),
  },
  { $id: 'OrchestrationPlanEntry' },
);

/** `POST …/orchestrate`: the review payload — what was planned, bound and set, and the entities found. */
export const OrchestrateResponse = Type.Object(
  {
    documentId: Type.String(),
    plan: Type.Array(Ref(OrchestrationPlanEntry), { description: 'one entry per rule, in rulebook order' }),
    boundMolecules: Type.Array(
      Type.Object({
        bindingId: Type.String(),
        snippetId: Type.String(),
        snippetKey: Type.String(),
        ordinal: Type.Integer(),
        entityBindings: Type.Record(Type.String(), Type.String()),
        rule: Type.String({ description: 'the rule that bound it' }),
      }),
    ),
    entityNames: Type.Object(
      {
        people: Type.Array(Type.String()),
        organizations: Type.Array(Type.String()),
        places: Type.Array(Type.String()),
        dates: Type.Array(Type.String()),
        money: Type.Array(Type.Object({ text: Type.String(), amount: Type.Number(), currency: Nullable(Type.String()) })),
        emails: Type.Array(Type.String()),
      },
      { additionalProperties: true, description: 'the entities the model found in the intake text' },
    ),
    entities: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        kind: Nullable(Type.String()),
        created: Type.Boolean({ description: 'true when this run created it; false when an entity of that name was reused' }),
      }),
      { description: "the organizations and people found (and the parties bindings name), as the organization's entities" },
    ),
    setFieldValues: Type.Record(Type.String(), Type.String(), { description: 'field key → the value set' }),
    setFieldSources: Type.Record(Type.String(), Type.String(), { description: 'field key → `extracted` or `rule:<name>`' }),
    skippedFieldValues: Type.Record(Type.String(), Type.String(), { description: 'field key → why the extracted value was not set' }),
    model: Type.String(),
    mode: Type.String(),
  },
  { $id: 'OrchestrateResponse' },
);

/** The orchestrate operation's body; with the assistant that serves it (generation imports assistants, not the other way). */
export const OrchestrateBody = Type.Object(
  { source_text: Type.String({ description: 'intake text to extract facts from' }) },
  { $id: 'OrchestrateBody', additionalProperties: false },
);

export const ASSISTANT_SCHEMAS = [
  OrchestrateBody,
  PromptAssistBody,
  PromptAssistResponse,
  TidyTemplateBody,
  TidyTemplateResponse,
  LlmStatusResponse,
  OrchestrationPlanEntry,
  OrchestrateResponse,
];
