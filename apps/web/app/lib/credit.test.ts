import { describe, expect, it } from 'vitest';
import { bareCredit } from './credit';

describe('bareCredit', () => {
  it.each([
    ['Photo: Dana Levi', 'Dana Levi'],
    ['photo credit - Wikimedia Commons', 'Wikimedia Commons'],
    ['Image: Dana', 'Dana'],
    ['Credit:Dana', 'Dana'],
    ['צילום: דנה לוי', 'דנה לוי'],
    ['קרדיט – ארכיון המשפחה', 'ארכיון המשפחה'],
  ])('drops the label the page says itself: %s', (credit, shown) => {
    expect(bareCredit(credit)).toBe(shown);
  });

  it.each([
    ['Dana Levi'],
    ['Photo Studio Levi'],
    ['Photographers of Haifa'],
    ['Photo:'],
    // A dash with no space around it joins a name: it is no label's.
    ['Credit-Suisse'],
    ['Picture-Perfect Studio'],
    ['Image-Line'],
  ])('keeps a credit that has no label before a colon or dash: %s', (credit) => {
    expect(bareCredit(credit)).toBe(credit);
  });
});
