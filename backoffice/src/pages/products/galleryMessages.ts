import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  images: { id: 'bo.gallery.images', defaultMessage: 'Images' },
  hint: {
    id: 'bo.gallery.hint',
    defaultMessage:
      'The first image is the main one, shown in lists and search. JPEG, PNG, GIF, WebP or AVIF, up to 20 MB each, at most {max} images.',
  },
  none: { id: 'bo.gallery.none', defaultMessage: 'No images.' },
  main: { id: 'bo.gallery.main', defaultMessage: 'Main image' },
  position: { id: 'bo.gallery.position', defaultMessage: 'Image {n}' },
  newImage: { id: 'bo.gallery.newImage', defaultMessage: 'New, not saved yet: {name}' },
  label: { id: 'bo.gallery.label', defaultMessage: 'Alternative text for image {n}' },
  moveUp: { id: 'bo.gallery.moveUp', defaultMessage: 'Move image {n} up' },
  moveDown: { id: 'bo.gallery.moveDown', defaultMessage: 'Move image {n} down' },
  remove: { id: 'bo.gallery.remove', defaultMessage: 'Remove image {n}' },
  add: { id: 'bo.gallery.add', defaultMessage: 'Add images' },
  save: { id: 'bo.gallery.save', defaultMessage: 'Save images' },
  saved: { id: 'bo.gallery.saved', defaultMessage: 'The images are saved.' },
  unsaved: { id: 'bo.gallery.unsaved', defaultMessage: 'The images have changes that are not saved.' },
  tooMany: { id: 'bo.gallery.tooMany', defaultMessage: 'A product can have at most {max} images.' },
  moved: { id: 'bo.gallery.moved', defaultMessage: 'Image moved to place {n}.' },
  removed: { id: 'bo.gallery.removed', defaultMessage: 'Image removed. Save images to keep the change.' },
});

/** The gallery's words (plain descriptors, so each takes the values its text names). */
export const m: Record<keyof typeof messages, MessageDescriptor> = messages;
