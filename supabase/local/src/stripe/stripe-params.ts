// Stripe's request parameters: form-encoded with brackets (`line_items[0][price_data][currency]=usd`),
// parsed with qs, then read through typed accessors that answer with Stripe's parameter errors.
import qs from 'qs';
import { invalidRequest, missingParam } from './stripe-error.ts';

export function parseStripeForm(text: string): Record<string, unknown> {
  return qs.parse(text, { depth: 8, arrayLimit: 500, parameterLimit: 2000, allowDots: false });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** qs turns `a[0]=x` into arrays, but keeps objects with numeric keys for sparse or large indexes. */
function asArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) {
    return Object.entries(value)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => item);
  }
  return undefined;
}

export class StripeParams {
  constructor(
    readonly raw: Record<string, unknown>,
    private readonly prefix = '',
  ) {}

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  /** Stripe treats an empty string as "not given" (it is how the SDK sends null). */
  has(key: string): boolean {
    const value = this.raw[key];
    return value !== undefined && value !== '';
  }

  string(key: string, opts: { required?: boolean; maxLength?: number; oneOf?: readonly string[] } = {}): string | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') {
      if (opts.required) throw missingParam(this.name(key));
      return undefined;
    }
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)} must be a string.`, this.name(key), 'parameter_invalid_string');
    if (opts.maxLength !== undefined && value.length > opts.maxLength) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be at most ${opts.maxLength} characters`, this.name(key), 'parameter_invalid_string');
    }
    if (opts.oneOf && !opts.oneOf.includes(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${opts.oneOf.join(', ')}`, this.name(key), 'parameter_invalid_string');
    }
    return value;
  }

  integer(key: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const text = this.string(key, { required: opts.required ?? false });
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      throw invalidRequest(`Invalid integer: ${text}`, this.name(key), 'parameter_invalid_integer');
    }
    const value = Number(text);
    if (opts.min !== undefined && value < opts.min) {
      throw invalidRequest(`This value must be greater than or equal to ${opts.min}.`, this.name(key), 'parameter_invalid_integer');
    }
    if (opts.max !== undefined && value > opts.max) {
      throw invalidRequest(`This value must be less than or equal to ${opts.max}.`, this.name(key), 'parameter_invalid_integer');
    }
    return value;
  }

  boolean(key: string): boolean | undefined {
    const text = this.string(key);
    if (text === undefined) return undefined;
    if (text !== 'true' && text !== 'false') throw invalidRequest(`Invalid boolean: ${text}`, this.name(key), 'parameter_invalid_boolean');
    return text === 'true';
  }

  child(key: string, opts: { required?: boolean } = {}): StripeParams | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') {
      if (opts.required) throw missingParam(this.name(key));
      return undefined;
    }
    if (!isRecord(value)) throw invalidRequest(`Invalid object: ${this.name(key)} must be a hash.`, this.name(key), 'parameter_invalid_object');
    return new StripeParams(value, this.name(key));
  }

  list(key: string): StripeParams[] {
    const value = this.raw[key];
    if (value === undefined || value === '') return [];
    const items = asArray(value);
    if (!items) throw invalidRequest(`Invalid array: ${this.name(key)} must be an array.`, this.name(key), 'parameter_invalid_array');
    return items.map((item, index) => {
      if (!isRecord(item)) throw invalidRequest(`Invalid object: ${this.name(key)}[${index}] must be a hash.`, `${this.name(key)}[${index}]`);
      return new StripeParams(item, `${this.name(key)}[${index}]`);
    });
  }

  stringList(key: string): string[] {
    const value = this.raw[key];
    if (value === undefined || value === '') return [];
    const items = typeof value === 'string' ? [value] : asArray(value);
    if (!items || !items.every((item): item is string => typeof item === 'string')) {
      throw invalidRequest(`Invalid array: ${this.name(key)} must be an array of strings.`, this.name(key), 'parameter_invalid_array');
    }
    return items;
  }

  /** Up to 50 keys of at most 40 characters, values at most 500 characters (Stripe's limits). */
  metadata(key = 'metadata'): Record<string, string> {
    const metadata = this.child(key);
    if (!metadata) return {};
    const entries = Object.entries(metadata.raw);
    if (entries.length > 50) throw invalidRequest('Metadata can have at most 50 keys.', this.name(key));
    const out: Record<string, string> = {};
    for (const [name, value] of entries) {
      if (name.length > 40) throw invalidRequest(`Metadata key "${name}" is longer than 40 characters.`, `${this.name(key)}[${name}]`);
      if (typeof value !== 'string') throw invalidRequest(`Metadata values must be strings.`, `${this.name(key)}[${name}]`);
      if (value.length > 500) throw invalidRequest(`Metadata values can be at most 500 characters.`, `${this.name(key)}[${name}]`);
      if (value !== '') out[name] = value;
    }
    return out;
  }

  url(key: string, opts: { required?: boolean } = {}): string | undefined {
    const value = this.string(key, { required: opts.required ?? false, maxLength: 5000 });
    if (value === undefined) return undefined;
    // `{CHECKOUT_SESSION_ID}` is a template placeholder, not part of a valid URL.
    const candidate = value.replace(/\{CHECKOUT_SESSION_ID\}/g, 'x');
    let parsed: URL;
    try {
      parsed = new URL(candidate);
    } catch {
      throw invalidRequest(`Not a valid URL`, this.name(key), 'url_invalid');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalidRequest(`Not a valid URL`, this.name(key), 'url_invalid');
    return value;
  }
}
