/** An item key as a /v1 field key: identifier characters only (`vendor.name` → `vendor_name`). */
export function fieldKeyOf(itemKey: string): string {
  const key = itemKey.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Za-z_]/.test(key) ? key : `f_${key}`;
}
