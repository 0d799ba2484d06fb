import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { EarningsDay } from '../api/payouts';
import { earningsSeriesOf, euroTickLabels } from '../earningsChart';

// Only the parts this chart draws, so the lazily loaded chunk stays small.
ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);

const playsColour = '#8b5cf6';
const eurosColour = '#34d399';
const textColour = '#a1a1aa';
const gridColour = 'rgba(255, 255, 255, 0.08)';

interface EarningsChartProps {
  days: readonly EarningsDay[];
  /** What the chart shows, in words. */
  summary: string;
}

/** Counted plays (bars, left axis) and earnings in EUR (line, right axis) per day. Loaded on demand. */
export default function EarningsChart({ days, summary }: EarningsChartProps) {
  const series = earningsSeriesOf(days);
  const data: ChartData<'bar' | 'line', number[], string> = {
    labels: series.labels,
    datasets: [
      {
        type: 'bar',
        label: 'Counted plays',
        data: series.plays,
        backgroundColor: playsColour,
        borderRadius: 3,
        yAxisID: 'plays',
      },
      {
        type: 'line',
        label: 'Earnings (EUR)',
        data: series.euros,
        borderColor: eurosColour,
        backgroundColor: eurosColour,
        pointRadius: 0,
        pointHitRadius: 8,
        tension: 0.3,
        yAxisID: 'euros',
      },
    ],
  };
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { labels: { color: textColour, boxWidth: 12 } },
      tooltip: {
        callbacks: {
          label: (item) =>
            item.dataset.yAxisID === 'euros'
              ? `Earnings: ${series.eurLabels[item.dataIndex] ?? ''}`
              : `Counted plays: ${item.formattedValue}`,
        },
      },
    },
    scales: {
      x: {
        ticks: { color: textColour, maxRotation: 0, autoSkip: true, maxTicksLimit: 6 },
        grid: { display: false },
      },
      plays: {
        type: 'linear',
        position: 'left',
        beginAtZero: true,
        ticks: { color: textColour, precision: 0, maxTicksLimit: 5 },
        grid: { color: gridColour },
      },
      euros: {
        type: 'linear',
        position: 'right',
        beginAtZero: true,
        ticks: {
          color: textColour,
          maxTicksLimit: 5,
          callback: (_value, index, ticks) => euroTickLabels(ticks.map((tick) => tick.value))[index] ?? '',
        },
        grid: { display: false },
      },
    },
  };

  return (
    <div className="relative h-64 w-full sm:h-72">
      <Chart type="bar" data={data} options={options} role="img" aria-label={summary} />
    </div>
  );
}
