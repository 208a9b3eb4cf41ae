// Picture uploads for team logos and user avatars (spec section 5). The console checks the file
// name only, to answer at once; the server checks the content and the size.

export const ACCEPTED_IMAGE_EXTENSIONS: readonly string[] = ['.jpg', '.jpeg', '.png'];

/** The file picker's accept attribute: the extensions plus their media types. */
export const ACCEPTED_IMAGE_INPUT = [...ACCEPTED_IMAGE_EXTENSIONS, 'image/png', 'image/jpeg'].join(',');

/** The upload's form field: the server's complaints about the picture name it. */
export const IMAGE_FIELD = 'file';

export const IMAGE_TYPE_MESSAGE = 'PNG, JPG only';

export const DELETE_AVATAR_QUESTION = 'Do you really want to delete avatar?';

/** Whether a file name ends in .jpg, .jpeg or .png, in any case ('LOGO.PNG' from a camera too). */
export function isAcceptedImageName(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return ACCEPTED_IMAGE_EXTENSIONS.some((extension) => name.endsWith(extension) && name !== extension);
}
