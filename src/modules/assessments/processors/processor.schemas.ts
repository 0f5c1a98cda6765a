/** Wire schemas of the processor catalog (§4.3). */
import { Type } from 'typebox';
import { Nullable, Ref, StringEnum } from '../../../kernel/schema.js';
import { stored } from '../wire-common.schemas.js';
import { FILE_KINDS, Occurrence, Severity, ValueTypeEnum } from '../wire-enums.js';

export const ItemTypeCheck = Type.Object(
  {
    id: Type.String(),
    severity: Severity,
    rule: Type.Unknown({ description: 'A JsonLogic rule evaluated on the item; free JSON' }),
    message: Type.Optional(Type.String()),
  },
  { $id: 'ItemTypeCheck', description: 'A declarative rule check of an item type (D6)' },
);

export const CatalogItemType = Type.Object(
  {
    key: Type.String({ description: 'A key ending in `*` describes a family of keys' }),
    label: Type.String(),
    value_type: ValueTypeEnum,
    occurrence: Occurrence,
    description: Type.String(),
    example: Type.String(),
    checks: Type.Array(Ref(ItemTypeCheck)),
    enum_values: Type.Optional(Type.Array(Type.String())),
    observed_accuracy: Type.Object(
      {
        sample_size: Type.Integer({ minimum: 0 }),
        accepted_without_correction: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
        correction_reasons: Type.Record(Type.String(), Type.Integer(), { description: 'reason → count of the corrected items' }),
      },
      { description: "Measured on this organization's own review decisions for the current processor version" },
    ),
  },
  { $id: 'CatalogItemType' },
);

export const Processor = Type.Object(
  {
    id: Type.String({ description: '`prc_` id' }),
    name: Type.String(),
    version: Type.String(),
    display_name: Type.String(),
    description: Type.String(),
    state: StringEnum(['enabled', 'disabled', 'deprecated']),
    supported_kinds: Type.Array(StringEnum(FILE_KINDS)),
    capabilities: Type.Object({
      page_regions: Type.Boolean(),
      text_spans: Type.Boolean(),
      ocr: Type.Boolean(),
      tables: Type.Boolean(),
      line_items: Type.Boolean(),
    }),
    item_types: Type.Array(Ref(CatalogItemType)),
    defaults: Type.Object({ auto_validate_min_confidence: Type.Number(), review_below_confidence: Type.Number() }),
    requires_model: Type.Optional(Type.Boolean({ description: 'Its items come from a language model; disabled while none is configured' })),
    engine: Type.Record(Type.String(), Type.String(), { description: 'Engine → installed version' }),
  },
  { ...stored, $id: 'Processor', description: 'A processor of the catalog with its item types' },
);

export const ProcessorList = Type.Object({ processors: Type.Array(Ref(Processor)) }, { $id: 'ProcessorList' });

export const PROCESSOR_SCHEMAS = [ItemTypeCheck, CatalogItemType, Processor, ProcessorList];
