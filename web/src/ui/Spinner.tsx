export const Spinner = ({ label }: { label?: string }) => <span className="spinner" role="status" aria-label={label} />;
