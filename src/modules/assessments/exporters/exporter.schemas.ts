/** Wire schema of the exporter list (D13). */
import { Type } from 'typebox';
import { Ref } from '../../../kernel/schema.js';

export const Exporter = Type.Object(
  {
    name: Type.String(),
    media_type: Type.String({ description: 'The media type of what the exporter answers' }),
    description: Type.String(),
    options_schema: Type.Record(Type.String(), Type.Unknown(), { description: "A JSON Schema of the exporter's body options" }),
  },
  { $id: 'Exporter' },
);

export const ExporterList = Type.Object({ exporters: Type.Array(Ref(Exporter)) }, { $id: 'ExporterList' });

export const EXPORTER_SCHEMAS = [Exporter, ExporterList];
