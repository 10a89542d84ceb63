import { z } from 'zod';
import { gatewayTypes, isTypeName, typeBase, type FieldDef, type GatewayObject, type TypeName } from './schema';

/**
 * zod schemas of the contract types, built from the tables in schema.ts, and the one place where
 * values parsed from a response are unwrapped and typed.
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

export class ResultShapeError extends Error {
  override name = 'ResultShapeError';
}

interface Wrapped {
  $value?: unknown;
  attributes?: Record<string, unknown>;
}

function isNil(v: unknown): boolean {
  const attrs = (v as Wrapped | null)?.attributes;
  return !!attrs && Object.entries(attrs).some(([k, a]) => /(^|:)nil$/.test(k) && (a === 'true' || a === true || a === '1'));
}

function scalar(raw: unknown, type: string, path: string): unknown {
  let v = raw;
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) v = (v as Wrapped).$value ?? '';
  if (typeof v === 'number') v = String(v);
  if (type === 'string') {
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v !== 'string') throw new ResultShapeError(`${path}: expected text`);
    return v;
  }
  if (type === 'boolean') {
    if (typeof v === 'boolean') return v;
    const t = typeof v === 'string' ? v.trim().toLowerCase() : '';
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
    throw new ResultShapeError(`${path}: expected a boolean`);
  }
  const t = typeof v === 'string' ? v.trim() : '';
  if (!/^[+-]?\d{1,10}$/.test(t)) throw new ResultShapeError(`${path}: expected an integer`);
  return Number(t);
}

function coerceObject(type: TypeName, raw: unknown, path: string): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    // An empty complex element may come back as "" from the parser.
    if (raw === '' || raw === undefined) return {};
    throw new ResultShapeError(`${path}: expected a ${type} structure`);
  }
  const src = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const def of gatewayTypes[type]) {
    const value = src[def.name];
    if (value === undefined || value === null || isNil(value)) continue;
    const at = `${path}.${def.name}`;
    const convert = (v: unknown): unknown => (isTypeName(def.type) ? coerceObject(def.type, v, at) : scalar(v, def.type, at));
    if (def.repeated) out[def.name] = (Array.isArray(value) ? value : [value]).map(convert);
    else out[def.name] = convert(Array.isArray(value) ? value[0] : value);
  }
  return out;
}

/**
 * Turns what the SOAP parser made of a result (values possibly wrapped as `{attributes, $value}`
 * because of `xsi:type`, booleans as text, one line item as an object) into the typed result.
 * Fields outside the contract are ignored; a missing required field is a ResultShapeError.
 */
export function coerceResult<T extends TypeName>(type: T, raw: unknown): GatewayObject<T> {
  const obj = coerceObject(type, raw, type);
  const parsed = resultSchema(type).safeParse(obj);
  if (!parsed.success) {
    throw new ResultShapeError(`${type}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(result)'} ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/**
 * Results are read tolerantly: the outcome fields a result adds must be there; a required field
 * the result merely echoes from the request (GatewayID, a line item's Description...) that is
 * missing reads as empty rather than making a known outcome unknown.
 */
function resultSchema<T extends TypeName>(type: T): z.ZodType<GatewayObject<T>> {
  const key = `res:${type}`;
  let schema = cache.get(key);
  if (!schema) {
    const base = typeBase[type];
    const echoed = base ? gatewayTypes[base].length : gatewayTypes[type].length;
    const shape: Record<string, z.ZodType> = {};
    gatewayTypes[type].forEach((def: FieldDef, index) => {
      let item: z.ZodType =
        def.type === 'boolean' ? z.boolean() : def.type === 'integer' ? z.number().int() : isTypeName(def.type) ? resultSchema(def.type) : z.string();
      if (def.repeated) item = z.array(item);
      if (!def.required) item = item.optional();
      else if (index < echoed && def.type !== 'boolean' && def.type !== 'integer') {
        item = item.default(def.repeated ? [] : def.type === 'string' ? '' : {});
      }
      shape[def.name] = item;
    });
    schema = z.object(shape);
    cache.set(key, schema);
  }
  return schema as z.ZodType<GatewayObject<T>>;
}
