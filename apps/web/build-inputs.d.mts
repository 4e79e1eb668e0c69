export function files(dir: string): string[];
export function webInputs(root?: string): string[];
