import { startFakeOpenMeteo } from '../server/test-support/fake-open-meteo.ts';

/**
 * `npm run fake:weather`: a local Open-Meteo stand-in, so the app can be tried with no internet:
 *   npm run fake:weather            # serves http://127.0.0.1:5099
 *   WEATHER_API_URL=http://127.0.0.1:5099 WEATHER_ARCHIVE_API_URL=http://127.0.0.1:5099 npm start
 * FAKE_WEATHER_CODE (WMO code, e.g. 61 rain, 95 thunderstorm) and FAKE_TEMPERATURE_C pick the weather.
 */
const port = Number(process.env.FAKE_WEATHER_PORT ?? 5099);
const fake = await startFakeOpenMeteo({ port });
fake.setScenario({
  weatherCode: process.env.FAKE_WEATHER_CODE ? Number(process.env.FAKE_WEATHER_CODE) : undefined,
  temperatureC: process.env.FAKE_TEMPERATURE_C ? Number(process.env.FAKE_TEMPERATURE_C) : undefined,
});
console.log(
  `Fake Open-Meteo on ${fake.url} — start the app with WEATHER_API_URL=${fake.url} WEATHER_ARCHIVE_API_URL=${fake.url} npm start`,
);
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
