// zlib, for the reference backend's gzip answers (`Accept-Encoding: gzip`).
#include <zlib.h>
