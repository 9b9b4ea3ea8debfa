import { EraserIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '~/client/components/ui/button';

const WIDTH = 480;
const HEIGHT = 140;

// A signature drawn with a mouse, a finger or a pen: each stroke ends in a PNG of the whole pad (a data URL),
// which is what the server keeps and the sealed PDF shows. Typing the name is the way from a keyboard.
export function SignaturePad({
  id,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  onChange: (drawing: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111827';
  }, []);

  const pointOf = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    };
  };

  return (
    <div className="grid gap-2">
      <canvas
        id={id}
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label="Signature pad: draw your signature here"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        className="h-36 w-full max-w-[480px] touch-none rounded-md border border-input bg-white aria-invalid:border-destructive"
        onPointerDown={(event) => {
          const context = event.currentTarget.getContext('2d');
          if (!context) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          const { x, y } = pointOf(event);
          context.beginPath();
          context.moveTo(x, y);
          context.lineTo(x + 0.1, y + 0.1);
          context.stroke();
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const context = event.currentTarget.getContext('2d');
          const { x, y } = pointOf(event);
          context?.lineTo(x, y);
          context?.stroke();
        }}
        onPointerUp={(event) => {
          if (!drawing.current) return;
          drawing.current = false;
          onChange(event.currentTarget.toDataURL('image/png'));
        }}
      />
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            const pad = canvas.current;
            pad?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
            onChange('');
          }}
        >
          <EraserIcon aria-hidden="true" />
          Clear
        </Button>
      </div>
    </div>
  );
}
