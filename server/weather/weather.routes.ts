import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { coordinatesQuerySchema } from '#core/coordinates.ts';
import type { Weather } from '#core/weather.ts';
import { requireUser } from '../auth/session.ts';
import { AppError, tooManyRequests } from '../http/app-error.ts';
import { routeContract } from '../http/route-contract.ts';
import { parseInput } from '../http/validation.ts';
import { WeatherProviderError } from './open-meteo.provider.ts';
import { WeatherBudgetExceededError, type WeatherService } from './weather.service.ts';

const BUDGET_MESSAGES = {
  user: 'Too many weather lookups. Please wait a few minutes and try again.',
  server: 'Weather is busy right now. Please try again in a few minutes.',
} as const;

/**
 * GET /api/weather's answer (core/weather.ts `Weather`; the web app reads that interface without zod). `satisfies`
 * makes tsc refuse a Weather field missing here, which the serialiser would otherwise drop.
 */
const weatherSchema = z.object({
  location: z.string(),
  temperature: z.number(),
  description: z.string(),
  condition: z.enum(['Clear', 'Clouds', 'Fog', 'Drizzle', 'Rain', 'Snow', 'Thunderstorm']),
  icon: z.string(),
  windSpeed: z.number(),
  humidity: z.number(),
  pressure: z.number(),
  observedAt: z.string(),
  pressureChange3h: z.number().nullable(),
  // Optional and nullable: answers kept on phones from before the forecast still read as a Weather.
  hours: z
    .array(
      z.object({
        start: z.string(),
        temperature: z.number().nullable(),
        pressureHpa: z.number().nullable(),
        pressureTendency: z.enum(['rising', 'falling', 'steady']).nullable(),
      }),
    )
    .nullable()
    .optional(),
}) satisfies z.ZodType<Weather>;

export async function weatherRoutes(app: FastifyInstance, deps: { weather: WeatherService }): Promise<void> {
  const contract = routeContract({
    summary:
      'Current weather at a position (°F, mph, %, inHg), and the next 24 hours (°F, hPa, 3-hour tendency)',
    querystring: coordinatesQuerySchema,
    response: { 200: weatherSchema },
  });
  app.get('/api/weather', contract, async (request) => {
    const user = requireUser(request);
    const { lat, lon } = parseInput(coordinatesQuerySchema, request.query);
    try {
      return await deps.weather.current(user.id, lat, lon);
    } catch (error) {
      if (error instanceof WeatherBudgetExceededError) {
        if (error.refusal === 'server') request.log.warn('weather provider budget used up');
        throw tooManyRequests(BUDGET_MESSAGES[error.refusal]);
      }
      if (error instanceof WeatherProviderError) {
        request.log.warn({ err: error }, 'weather provider failed');
        throw new AppError(502, 'WEATHER_UNAVAILABLE', 'Failed to fetch weather data');
      }
      throw error;
    }
  });
}
