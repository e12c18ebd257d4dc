// System-library shim for SDL2_ttf (Debian: libsdl2-ttf-dev, pkg-config: SDL2_ttf).
#include <SDL2/SDL_ttf.h>
