import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test-support/render';
import { NotFound } from './not-found.tsx';

describe('the 404 screen', () => {
  it('keeps its title and hint, tells the angler what happened and offers the way home', () => {
    renderScreen(<NotFound />);

    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(
      screen.getByText("This spot has no fish — the page you were looking for isn't here."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Tightlines' }).getAttribute('href')).toBe('/');
  });
});
