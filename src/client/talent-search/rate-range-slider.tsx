import { Slider as SliderPrimitive } from 'radix-ui';
import { useId } from 'react';
import { TALENT_RATE_SLIDER } from '~/shared/talent-search-texts';

// The hourly-rate range (docs/spec/portal-and-public-site.md §5): 5 to 150 in steps of 1, two thumbs, each with
// its own label, and the range read out as "$15 – $100". At the spec's default range nothing is filtered
// (filter-panel.tsx), so it reads "Any rate" there: "$15 – $100" above a $12/h candidate was untrue.
export function RateRangeSlider({
  value,
  onChange,
}: {
  value: [number, number];
  onChange: (value: [number, number]) => void;
}) {
  const isAnyRate = value[0] === TALENT_RATE_SLIDER.defaultMin && value[1] === TALENT_RATE_SLIDER.defaultMax;
  const labelId = useId();
  const [min, max] = value;
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-medium">
          Hourly rate
        </span>
        <output className="text-sm tabular-nums text-muted-foreground" aria-live="polite">
          {isAnyRate ? 'Any rate' : `$${min} – $${max}`}
        </output>
      </div>
      <SliderPrimitive.Root
        aria-labelledby={labelId}
        min={TALENT_RATE_SLIDER.min}
        max={TALENT_RATE_SLIDER.max}
        step={TALENT_RATE_SLIDER.step}
        minStepsBetweenThumbs={0}
        value={value}
        onValueChange={(next) => onChange([next[0] ?? min, next[1] ?? max])}
        className="relative flex h-5 w-full touch-none items-center select-none"
      >
        <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
          <SliderPrimitive.Range className="absolute h-full bg-primary" />
        </SliderPrimitive.Track>
        {(['Minimum hourly rate', 'Maximum hourly rate'] as const).map((label, index) => (
          <SliderPrimitive.Thumb
            key={label}
            aria-label={label}
            aria-valuetext={`$${value[index]}`}
            className="block size-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
        ))}
      </SliderPrimitive.Root>
      {isAnyRate && <p className="text-xs text-muted-foreground">Move a handle to narrow the search by rate.</p>}
    </div>
  );
}
