import type { ApexOptions } from 'apexcharts';
import ReactApexChartModule from 'react-apexcharts';
import type { AnalyticsResult } from '../../../../shared/analytics/api';

// The package is CommonJS: under Vite its default export arrives wrapped once more.
const Chart = ((ReactApexChartModule as unknown as { default?: typeof ReactApexChartModule }).default ??
  ReactApexChartModule) as typeof ReactApexChartModule;

/** Likes, comments and shares per day of the range (apexcharts, loaded with this page only). */
export function EngagementChart({ data }: { data: AnalyticsResult['engagementData'] }) {
  const options: ApexOptions = {
    chart: { id: 'engagement', toolbar: { show: false }, zoom: { enabled: false }, fontFamily: 'inherit' },
    xaxis: {
      type: 'category',
      categories: data.map((day) => day.date.slice(5)),
      tickAmount: Math.min(data.length, 10),
    },
    yaxis: { min: 0, forceNiceScale: true, labels: { formatter: (value) => String(Math.round(value)) } },
    stroke: { curve: 'smooth', width: 2 },
    dataLabels: { enabled: false },
    legend: { position: 'top' },
    colors: ['#4f46e5', '#0ea5e9', '#10b981'],
    fill: { type: 'gradient', gradient: { opacityFrom: 0.35, opacityTo: 0.05 } },
  };
  const series = [
    { name: 'Likes', data: data.map((day) => day.likes) },
    { name: 'Comments', data: data.map((day) => day.comments) },
    { name: 'Shares', data: data.map((day) => day.shares) },
  ];
  return (
    <section
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      aria-labelledby="engagement-heading"
    >
      <h2 id="engagement-heading" className="text-base font-semibold text-gray-900">
        Engagement over time
      </h2>
      <div data-testid="engagement-chart" className="mt-2">
        <Chart type="area" height={280} options={options} series={series} />
      </div>
    </section>
  );
}
