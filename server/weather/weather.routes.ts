import type { FastifyInstance } from 'fastify';
import { coordinatesQuerySchema } from '#core/coordinates.ts';
import { requireUser } from '../auth/session.ts';
import { AppError, tooManyRequests } from '../http/app-error.ts';
import { parseInput } from '../http/validation.ts';
import { WeatherProviderError } from './open-meteo.provider.ts';
import { WeatherBudgetExceededError, type WeatherService } from './weather.service.ts';

const BUDGET_MESSAGES = {
  user: 'Too many weather lookups. Please wait a few minutes and try again.',
  server: 'Weather is busy right now. Please try again in a few minutes.',
} as const;

export async function weatherRoutes(app: FastifyInstance, deps: { weather: WeatherService }): Promise<void> {
  app.get('/api/weather', async (request) => {
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
