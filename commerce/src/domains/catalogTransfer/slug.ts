import { slugify } from '../../kernel/slug';

export { slugify };

/** A new category's url key: its name as a slug. */
export const categoryUrlKey = slugify;
