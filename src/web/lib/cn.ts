import { twMerge } from 'tailwind-merge';
import { setClassMerge } from './class-names';

// Importing this module makes every `cn` resolve conflicting Tailwind classes (decision 0012); the full app imports it
// before any page, the public pages' first load goes without it.
setClassMerge(twMerge);

export { cn } from './class-names';
