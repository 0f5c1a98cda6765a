/** The wire shape of a tool registration: its body keys under the same names, plus id and times. */
import type { ToolRegistrationRecord } from './tool-registration.repository.js';

/** A registration as the API shows it (`configJson` is stored config: it never holds credentials). */
export function presentToolRegistration(record: ToolRegistrationRecord) {
  return {
    id: record.id,
    name: record.name,
    category: record.category,
    classPath: record.classPath,
    configJson: record.config,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
