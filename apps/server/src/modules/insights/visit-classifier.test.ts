import { describe, expect, it } from 'vitest';
import { classifyVisit, deviceOf, isPrefetch, referrerHostOf } from './visit-classifier';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ipad = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const androidPhone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const androidTablet = 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const desktopChrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('which requests are counted', () => {
  it.each([
    [iphone, true],
    [androidPhone, true],
    [desktopChrome, true],
    [firefox, true],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', false],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', false],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', false],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', false],
    ['WhatsApp/2.23.20.0', false],
    ['TelegramBot (like TwitterBot)', false],
    ['curl/8.5.0', false],
    ['python-requests/2.31.0', false],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36', false],
    ['', false],
  ])('%j: %s', (userAgent, isCounted) => {
    expect(classifyVisit({ 'user-agent': userAgent }).isCounted).toBe(isCounted);
  });

  it.each([
    [{ 'sec-purpose': 'prefetch' }, true],
    [{ 'sec-purpose': 'prefetch;prerender' }, true],
    [{ purpose: 'prefetch' }, true],
    [{ 'x-moz': 'prefetch' }, true],
    [{}, false],
  ])('prefetch headers %j: %s', (headers, prefetch) => {
    expect(isPrefetch(headers)).toBe(prefetch);
    expect(classifyVisit({ 'user-agent': iphone, ...headers }).isCounted).toBe(!prefetch);
  });
});

describe('device type', () => {
  it.each([
    [iphone, 'mobile'],
    [androidPhone, 'mobile'],
    [ipad, 'tablet'],
    [androidTablet, 'tablet'],
    [desktopChrome, 'desktop'],
    [firefox, 'desktop'],
  ])('%s is %s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});

describe('referring host', () => {
  it.each([
    ['https://www.linkedin.com/feed/', 'www.linkedin.com'],
    ['http://User:pw@News.Example:8080/a?b#c', 'news.example'],
    ['android-app://com.google.android.gm/', null],
    ['', null],
  ])('%j → %s', (referer, host) => {
    expect(referrerHostOf(referer ? { referer } : {})).toBe(host);
  });
});
