import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { deviceTypeLabels, deviceTypes, insightMetricLabels, insightMetrics } from '@cardstack/shared/insights/metrics';
import { periodPresetLabels, periodPresets } from '@cardstack/shared/insights/periods';
import { visitSourceLabels, visitSources } from '@cardstack/shared/insights/sources';
import { deviceMessages, metricMessages, periodMessages, sourceMessages } from './insights-format';
import english from './messages/en.json';

/* The catalog's English says what the shared label maps say (the CSV export and the API use those). */

// The unit tests import catalogs compiled, as the build does.
const i18n = setupI18n({ locale: 'en', messages: { en: english as unknown as Record<string, string> } });
const t = (id: keyof typeof english) => i18n._(id);

describe('the insights catalog in English', () => {
  it.each(insightMetrics)('names the metric %s as insightMetricLabels does', (metric) => {
    expect(t(metricMessages[metric])).toBe(insightMetricLabels[metric]);
  });

  it.each(deviceTypes)('names the device type %s as deviceTypeLabels does', (device) => {
    expect(t(deviceMessages[device])).toBe(deviceTypeLabels[device]);
  });

  it.each(visitSources)('names the source %s as visitSourceLabels does', (source) => {
    expect(t(sourceMessages[source])).toBe(visitSourceLabels[source]);
  });

  it.each(periodPresets)('names the period %s as periodPresetLabels does', (preset) => {
    expect(t(periodMessages[preset])).toBe(periodPresetLabels[preset]);
  });
});
