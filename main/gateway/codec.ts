import { z } from 'zod';
import { gatewayTypes, isTypeName, type FieldDef, type GatewayObject, type TypeName } from './schema';

/**
 * zod schemas of the contract's request types, built from the tables in schema.ts: the one check
 * of a request before it is written (envelope.ts trusts it). Answers are read by answer-reader.ts.
 */

const MAX_TEXT = 4096;

function fieldSchema(def: FieldDef, build: (t: TypeName) => z.ZodType): z.ZodType {
  let item: z.ZodType;
  if (def.type === 'boolean') item = z.boolean();
  else if (def.type === 'integer') item = z.number().int().min(-2147483648).max(2147483647);
  else if (def.type === 'string') item = z.string().max(MAX_TEXT);
  else if (isTypeName(def.type)) item = build(def.type);
  else throw new Error(`unknown field type ${def.type}`);
  if (def.repeated) item = z.array(item).min(1).max(def.maxOccurs);
  return def.required ? item : item.optional();
}

const cache = new Map<string, z.ZodType>();

/**
 * Strict schema of a request type: unknown fields are refused (they would be dropped on the
 * wire otherwise), types exact, required fields required, 1..98 line items.
 */
export function requestSchema<T extends TypeName>(type: T): z.ZodType<GatewayObject<T>> {
  const key = `req:${type}`;
  let schema = cache.get(key);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const def of gatewayTypes[type]) shape[def.name] = fieldSchema(def, requestSchema);
    schema = z.strictObject(shape);
    cache.set(key, schema);
  }
  return schema as z.ZodType<GatewayObject<T>>;
}
