export function TrainingBanner() {
  return (
    <div className="training-banner" role="note" aria-label="Training mode">
      <strong>TRAINING</strong>
      <span>Payments are simulated and kept apart from live ones. No money moves.</span>
    </div>
  );
}
