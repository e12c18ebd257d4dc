// System-library shim for SDL2_image (Debian: libsdl2-image-dev, pkg-config: SDL2_image).
#include <SDL2/SDL_image.h>
