import type { FastifyInstance } from 'fastify';
import { coordinatesQuerySchema } from '../../core/coordinates.ts';
import { requireUser } from '../auth/session.ts';
import { AppError } from '../http/app-error.ts';
import { parseInput } from '../http/validation.ts';
import { WeatherProviderError } from './open-meteo.provider.ts';
import type { WeatherService } from './weather.service.ts';

export async function weatherRoutes(app: FastifyInstance, deps: { weather: WeatherService }): Promise<void> {
  app.get('/api/weather', async (request) => {
    requireUser(request);
    const { lat, lon } = parseInput(coordinatesQuerySchema, request.query);
    try {
      return await deps.weather.current(lat, lon);
    } catch (error) {
      if (error instanceof WeatherProviderError) {
        request.log.warn({ err: error }, 'weather provider failed');
        throw new AppError(502, 'WEATHER_UNAVAILABLE', 'Failed to fetch weather data');
      }
      throw error;
    }
  });
}
