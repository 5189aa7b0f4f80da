/*
 * Lets JDK 17's PrintAssembly (and so JMH's -prof perfasm) disassemble with Debian's
 * libhsdis0-fcml, which exports only the older entry point, decode_instructions. JDK 17 looks
 * for decode_instructions_virtual; HotSpot decodes code in place (the buffer is the code at its
 * own address), so the older call with the same addresses does the same work.
 *
 *   apt-get install libhsdis0-fcml
 *   gcc -shared -fPIC -O2 -o hsdis-amd64.so arbor-bench/tools/hsdis-fcml-shim.c -ldl
 *   cp hsdis-amd64.so "$JAVA_HOME/lib/"   # where the JVM looks first
 */
#include <dlfcn.h>
#include <stdint.h>

typedef void *(*decode_fn)(void *start, void *end, void *event_callback, void *event_stream,
                           void *printf_callback, void *printf_stream, const char *options);

void *decode_instructions_virtual(uintptr_t start_va, uintptr_t end_va, unsigned char *buffer,
                                  uintptr_t length, void *event_callback, void *event_stream,
                                  void *printf_callback, void *printf_stream, const char *options,
                                  int newline) {
    static decode_fn decode;
    (void) buffer;
    (void) length;
    (void) newline;
    if (decode == 0) {
        void *lib = dlopen("libhsdis.so.0", RTLD_NOW);
        decode = lib == 0 ? 0 : (decode_fn) dlsym(lib, "decode_instructions");
        if (decode == 0) {
            return 0;
        }
    }
    return decode((void *) start_va, (void *) end_va, event_callback, event_stream, printf_callback,
                  printf_stream, options);
}
