import { describe, expect, it } from 'vitest';
import { type GearConditions, hasLightningRisk, recommendGear } from './gear.ts';

const mild: GearConditions = { temperature: 65, windSpeed: 5, condition: 'Clear', description: 'clear sky' };
const names = (conditions: Partial<GearConditions>) =>
  recommendGear({ ...mild, ...conditions }, 'imperial').map((item) => item.name);
const ALWAYS = ['Fishing Rod & Reel', 'Fishing License', 'Tackle Box'];

describe('recommendGear (docs/product.md#gear)', () => {
  it('always lists rod & reel, license and tackle box as essential', () => {
    const items = recommendGear(mild, 'imperial');
    expect(items.map((i) => i.name)).toEqual(ALWAYS);
    expect(items.every((i) => i.priority === 'essential')).toBe(true);
  });

  it.each([
    ['Rain', 'moderate rain'],
    ['Drizzle', 'light drizzle'],
    ['Rain', 'slight rain showers'],
    ['Clouds', 'scattered showers'],
  ])('rain gear for %s / %s', (condition, description) => {
    const items = recommendGear({ ...mild, condition, description }, 'imperial');
    expect(items.find((i) => i.name === 'Waterproof Jacket')?.priority).toBe('essential');
    for (const name of ['Waterproof Pants', 'Waterproof Hat', 'Bag Cover']) {
      expect(items.find((i) => i.name === name)?.priority).toBe('recommended');
    }
  });

  it.each([
    [60, []],
    [59.9, ['Thermal Layers']],
    [45, ['Thermal Layers']],
    [44.9, ['Thermal Layers', 'Gloves', 'Thermos']],
    [75, []],
    [75.1, ['Sunscreen', 'Wide-brimmed Hat', 'Extra Water', 'Breathable Clothing', 'Cooler']],
  ])('temperature %d°F adds %j', (temperature, extra) => {
    expect(names({ temperature })).toEqual(expect.arrayContaining([...ALWAYS, ...extra]));
    expect(names({ temperature })).toHaveLength(ALWAYS.length + extra.length);
  });

  it.each([
    [10, []],
    [10.1, ['Heavier Weights', 'Windbreaker']],
    [15, ['Heavier Weights', 'Windbreaker']],
    [15.1, ['Heavier Weights', 'Windbreaker', 'Rod Holders']],
  ])('wind %d mph adds %j', (windSpeed, extra) => {
    expect(names({ windSpeed })).toEqual([...ALWAYS, ...extra]);
  });

  it.each([
    ['Fog', 'fog'],
    ['Clouds', 'mist over the lake'],
    ['Clear', 'haze'],
  ])('low visibility (%s / %s) adds a headlamp and bright clothing', (condition, description) => {
    expect(names({ condition, description })).toEqual([...ALWAYS, 'Headlamp', 'Bright Clothing']);
  });

  it.each([
    ['Thunderstorm', 'thunderstorm'],
    ['Clouds', 'lightning nearby'],
  ])('a storm (%s / %s) adds an essential SAFETY ALERT advising to postpone', (condition, description) => {
    const alert = recommendGear({ ...mild, condition, description }, 'imperial').find(
      (i) => i.name === 'SAFETY ALERT',
    );
    expect(alert).toMatchObject({ priority: 'essential', icon: 'alert' });
    expect(alert?.description).toMatch(/postpone/i);
  });

  it('puts the SAFETY ALERT first of all, even on a hot, rainy, windy, foggy day', () => {
    const items = recommendGear(
      {
        temperature: 90,
        windSpeed: 20,
        condition: 'Thunderstorm',
        description: 'thunderstorm with heavy hail, rain and fog',
      },
      'imperial',
    );
    expect(items[0]).toMatchObject({ name: 'SAFETY ALERT', priority: 'essential' });
    expect(items.filter((item) => item.name === 'SAFETY ALERT')).toHaveLength(1);
    // The rest keep the product's order (docs/product.md#gear): essential, then recommended.
    expect(items.slice(1, 4).map((item) => item.name)).toEqual(ALWAYS);
    expect(items.map((item) => item.name)).toContain('Sunscreen');
  });

  it("writes the rules' thresholds in the angler's units; the rules themselves stay in the spec's", () => {
    const cold = { temperature: 40, windSpeed: 20, condition: 'Clear', description: 'clear sky' };
    const describe = (units: 'imperial' | 'metric') =>
      Object.fromEntries(recommendGear(cold, units).map((item) => [item.name, item.description]));
    expect(describe('imperial')).toMatchObject({
      'Thermal Layers': 'Below 60°F: base layers keep you warm.',
      Gloves: 'Below 45°F: fingerless gloves keep hands working.',
      'Heavier Weights': 'Wind above 10 mph: heavier sinkers hold bottom.',
      'Rod Holders': 'Wind above 15 mph: keep rods secure.',
    });
    expect(describe('metric')).toMatchObject({
      'Thermal Layers': 'Below 16°C: base layers keep you warm.',
      Gloves: 'Below 7°C: fingerless gloves keep hands working.',
      'Heavier Weights': 'Wind above 16 km/h: heavier sinkers hold bottom.',
      'Rod Holders': 'Wind above 24 km/h: keep rods secure.',
    });
    expect(Object.keys(describe('metric'))).toEqual(Object.keys(describe('imperial')));
    const hot = recommendGear({ ...cold, temperature: 90 }, 'metric').find(
      (item) => item.name === 'Sunscreen',
    );
    expect(hot?.description).toBe('Above 24°C: water reflects the sun.');
  });

  it('tells thunderstorm and lightning conditions apart from others', () => {
    expect(hasLightningRisk({ condition: 'Thunderstorm', description: 'thunderstorm' })).toBe(true);
    expect(hasLightningRisk({ condition: 'Clouds', description: 'lightning nearby' })).toBe(true);
    expect(hasLightningRisk({ condition: 'Rain', description: 'heavy rain' })).toBe(false);
  });

  it('sorts essential, then recommended, then optional', () => {
    const items = recommendGear(
      {
        temperature: 40,
        windSpeed: 20,
        condition: 'Rain',
        description: 'heavy rain',
      },
      'imperial',
    );
    const order = items.map((i) => i.priority);
    expect(order).toEqual(
      [...order].sort(
        (a, b) =>
          ['essential', 'recommended', 'optional'].indexOf(a) -
          ['essential', 'recommended', 'optional'].indexOf(b),
      ),
    );
    expect(order.indexOf('recommended')).toBeGreaterThan(order.lastIndexOf('essential'));
  });
});
