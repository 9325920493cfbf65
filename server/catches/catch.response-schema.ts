/**
 * JSON Schema of a catch in responses (core/catch.ts `Catch`). Fastify compiles it into a dedicated serializer
 * (fast-json-stringify), and it guarantees no stray field (such as user_id) can leave the server.
 */
const nullable = (type: 'number' | 'string') => ({ type: [type, 'null'] }) as const;

export const catchResponseSchema = {
  type: 'object',
  required: ['id', 'fishType', 'createdAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    fishType: { type: 'string' },
    photo: nullable('string'),
    weight: nullable('number'),
    length: nullable('number'),
    locationName: nullable('string'),
    latitude: nullable('number'),
    longitude: nullable('number'),
    notes: nullable('string'),
    createdAt: { type: 'string' },
    catchDate: nullable('string'),
    timeOfDay: nullable('string'),
    waterTemperature: nullable('number'),
    depth: nullable('number'),
    lineSize: nullable('string'),
    baitUsed: nullable('string'),
    clientId: nullable('string'),
  },
} as const;
