import type { Locator, Page } from 'playwright-core';

/**
 * How many presses of Tab `tabTo` allows: more than the longest tab order of any screen, so that a
 * target the focus never reaches fails instead of looping.
 */
const MAX_TABS = 150;

/**
 * Fails unless the element that has the focus shows it: it matches `:focus-visible` (the browser
 * judged the focus to come from the keyboard) and draws an outline or a ring there, an outline
 * that no ancestor cuts off on every side.
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { element: 'nothing', isVisible: false };
    const style = getComputedStyle(element);
    const width = Number.parseFloat(style.outlineWidth);
    const isOutlined = style.outlineStyle !== 'none' && width > 0;
    const isRinged = style.boxShadow !== 'none';
    // An outline drawn outside the element is lost where an ancestor clips its overflow; cut on
    // every side, none of it shows.
    const reach = Math.max(0, width + Number.parseFloat(style.outlineOffset));
    const box = element.getBoundingClientRect();
    const cut = { top: false, right: false, bottom: false, left: false };
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const clip = getComputedStyle(parent);
      if (clip.overflowX === 'visible' && clip.overflowY === 'visible') continue;
      const edge = parent.getBoundingClientRect();
      cut.top ||= box.top - reach < edge.top + parent.clientTop;
      cut.left ||= box.left - reach < edge.left + parent.clientLeft;
      cut.bottom ||= box.bottom + reach > edge.top + parent.clientTop + parent.clientHeight;
      cut.right ||= box.right + reach > edge.left + parent.clientLeft + parent.clientWidth;
    }
    const isClipped = isOutlined && !isRinged && cut.top && cut.right && cut.bottom && cut.left;
    return {
      element: element.outerHTML.slice(0, 160),
      isVisible: element.matches(':focus-visible') && (isOutlined || isRinged) && !isClipped,
    };
  });
  if (!focus.isVisible) throw new Error(`the focus is not visible on ${focus.element}`);
}

/**
 * Presses Tab until `target` has the focus, checking on the way that every element the focus
 * lands on shows it. Fails if the focus does not reach `target` within a screen's tab order.
 */
export async function tabTo(target: Locator): Promise<void> {
  const page = target.page();
  const element = await target.elementHandle();
  for (let presses = 1; presses <= MAX_TABS; presses += 1) {
    await page.keyboard.press('Tab');
    // Past the last element the focus leaves the page for the browser's own controls.
    const isInPage = await page.evaluate(() => document.activeElement !== document.body);
    if (isInPage) await expectVisibleFocus(page);
    if (await element.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`${MAX_TABS} presses of Tab did not reach ${target}`);
}
