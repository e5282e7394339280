import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.ts';

// The OpenAPI document is generated from these schemas, so each must convert both ways.
const schemas: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(contract) as [string, unknown][]) {
  if (value instanceof z.ZodType) schemas.push([name, value]);
}

describe('JSON Schema', () => {
  it('finds the exported schemas', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it.each(schemas)('%s converts to JSON Schema', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });

  it('keeps the asset line flag as text', () => {
    type ObjectJson = { properties: Record<string, unknown> };
    // A schema the route table names is emitted as a reference to its definition.
    const json = z.toJSONSchema(contract.AssetLineSchema) as ObjectJson & {
      $defs?: Record<string, ObjectJson>;
    };
    const assetLine = json.$defs?.AssetLine ?? json;
    expect(assetLine.properties.in_state_flag).toEqual({ type: 'string', enum: ['true', 'false'] });
  });
});
