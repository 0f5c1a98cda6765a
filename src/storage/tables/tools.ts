/**
 * Table types of the tools area. Part of the Kysely `Database` type (storage/schema.ts).
 * Same portable conventions: text ids and ISO timestamps, JSON as text, booleans as 0/1.
 */

/** A registered tool of an organization: a built-in tool class plus its non-secret configuration. */
export interface ToolRegistrationTable {
  id: string;
  org_id: string;
  /** Unique per organization: how data-needs name the tool (`tool_ref`). */
  name: string;
  category: string;
  /** One of the built-in tool classes (`http.json`, `mcp.http`, `builtin.*`). */
  class_path: string;
  /** Validated per class at registration; never holds credentials. */
  config_json: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One rule of an organization's orchestration rulebook. */
export interface OrchestrationRuleTable {
  id: string;
  org_id: string;
  /** Unique per organization. */
  name: string;
  description: string | null;
  /** Evaluation order (ascending). */
  ordinal: number;
  /** JsonLogic condition over the extracted facts `{fields, entities, text}`. */
  when_json: string;
  /** JSON array of actions (`set_field`, `bind_snippet`). */
  then_json: string;
  created_at: string;
  updated_at: string;
}

/**
 * Marks that an organization's default rulebook was seeded once, so deleting every rule does not
 * bring the defaults back.
 */
export interface OrchestrationRulebookTable {
  org_id: string;
  seeded_at: string;
}

export interface ToolsTables {
  tool_registrations: ToolRegistrationTable;
  orchestration_rules: OrchestrationRuleTable;
  orchestration_rulebooks: OrchestrationRulebookTable;
}
