#pragma once
// Kernels whose source-parsed signatures tst_sourcesignatures checks against what the driver
// reports through clGetKernelArgInfo: every scalar and many vectors, pointers in each address
// space with each qualifier, images, samplers, structs, typedefs, macros, attributes.
#include <stdexcept>
#include <string>
#include <string_view>

namespace clw::test {

struct CorpusKernel {
    const char* name;
    const char* options; // build options, used for the build and for the parse alike
    const char* source;
};

inline constexpr CorpusKernel kSignatureCorpus[] = {
    {"scalars", "", R"CLC(
kernel void scalars(char c, uchar uc, short s, ushort us, int i, uint ui, long l, ulong ul,
                    float f, double d, unsigned int u2, signed char sc, unsigned long int ul2,
                    unsigned u3, short int si, long int li, unsigned char uc2, const int ci,
                    volatile float vf, signed s2, unsigned short int us2) {}
)CLC"},
    {"vectors", "", R"CLC(
kernel void vectors(char2 c2, char3 c3, uchar16 u16, short3 s3, ushort4 us4, int4 i4, uint8 u8,
                    long2 l2, ulong16 ul16, float2 f2, float3 f3, float4 f4, float8 f8,
                    float16 f16, double3 d3, double16 d16, const uint3 cu3) {}
)CLC"},
    {"globalPointers", "", R"CLC(
kernel void globalPointers(global float* a, __global const float* b, global volatile int* c,
                           global float* restrict d, global const float* restrict e,
                           global const volatile float* restrict f, __global float4 *__restrict g,
                           float const global* h, const __global uint* const i, global void* j,
                           global half* k, global size_t* l, global bool* m, global double2 *n,
                           global ulong*restrict const o, volatile global char* p,
                           global ptrdiff_t* q, global intptr_t* r, global uintptr_t* s) {}
)CLC"},
    {"constantAndLocal", "", R"CLC(
kernel void constantAndLocal(constant float* a, __constant const int4* b, constant float* restrict c,
                             local float* d, __local volatile uint* restrict e,
                             local const char16* f, __constant uchar* g, __local long* h) {}
)CLC"},
    {"pointersToVectors", "", R"CLC(
kernel void pointersToVectors(global float3* a, local int8* b, constant uchar4* c,
                              global const double16* restrict d, global char16* e,
                              global ushort3* f, global volatile long4* g) {}
)CLC"},
    {"images", "", R"CLC(
kernel void images(read_only image1d_t a, write_only image1d_array_t b, image1d_buffer_t c,
                   __read_only image2d_t d, __write_only image2d_array_t e, image3d_t f,
                   image2d_depth_t g, write_only image2d_array_depth_t h, sampler_t s,
                   __write_only image2d_t i) {}
)CLC"},
    {"readWriteImages", "-cl-std=CL3.0", R"CLC(
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable
kernel void readWriteImages(read_write image2d_t a, __read_write image3d_t b,
                            read_write image1d_t c, __write_only image3d_t d,
                            read_write image2d_array_t e, image1d_array_t f) {}
)CLC"},
    {"samplers", "", R"CLC(
kernel void samplers(sampler_t s, read_only image2d_t img, global float4* out, sampler_t s2) {}
)CLC"},
    {"structs", "", R"CLC(
struct Particle { float4 pos; float mass; };
typedef struct Particle Particle;
typedef struct { int a; float b; } Anon;
union Bits { uint u; float f; };
typedef struct Node { int next; } Node, *NodePtr;
kernel void structs(global struct Particle* p, struct Particle pv, global Particle* tp,
                    Particle tpv, global const Anon* a, Anon av, global union Bits* u,
                    union Bits uv, constant struct Particle* cp, global Node* n, Node nv) {}
)CLC"},
    {"typedefs", "", R"CLC(
typedef float4 vec_t;
typedef vec_t vec2_t;
typedef unsigned int myuint;
typedef global float* gfp;
typedef const global vec2_t* cvp_t;
typedef image2d_t img_t;
typedef float real;
typedef real real4 __attribute__((ext_vector_type(4)));
typedef __attribute__((ext_vector_type(2))) int myint2;
typedef const float cfloat;
typedef volatile int vint;
typedef global float* restrict rgfp;
typedef write_only image2d_t wimg_t;
typedef local float lfloat;
kernel void typedefs(global vec_t* a, vec_t b, vec2_t c, myuint d, global myuint* restrict e,
                     gfp f, cvp_t g, img_t h, real i, real4 j, global real4* k, myint2 m,
                     global cfloat* n, local vint* o, rgfp p, const gfp q, wimg_t r,
                     lfloat* s) {}
)CLC"},
    {"macros", "", R"CLC(
#define REAL float
#define CAT(a, b) a##b
#define VEC(T, n) CAT(T, n)
#define GPTR(T) __global T*
#define KERNEL __kernel
#define IN(T) __global const T* restrict
#define ARGS(a, b) a, b
KERNEL void macros(GPTR(REAL) out, IN(VEC(REAL, 4)) in, VEC(int, 2) v, REAL scale,
                   ARGS(int first, local VEC(uchar, 8)* second)) {}
)CLC"},
    {"attributes", "", R"CLC(
#define WG 8
__attribute__((reqd_work_group_size(WG * 2, WG / 4, 1))) kernel void a1(global float* x) {}
kernel __attribute__((work_group_size_hint(64, 1, 1))) __attribute__((vec_type_hint(float4)))
void a2(global float4* x) {}
__kernel void a3(global int* x) __attribute__((reqd_work_group_size(4, 4, 4))) {}
__kernel_exec(32, float4) void a4(int n) {}
kernel void __attribute__((reqd_work_group_size(1, 1, 1))) a5(void) {}
__attribute__((reqd_work_group_size(2, 1, 1))) __kernel void a6(void) {}
)CLC"},
    {"multipleKernels", "", R"CLC(
float helper(float x) { if (x > 0) { return x; } return -x; }
constant int table[] = { 1, 2, 3 };
struct Pair { int a; int b; };
kernel void first(global float* out, int unused) { out[0] = helper(table[0]); }
kernel void second(void) { struct Pair p = { 1, 2 }; (void)p; }
void kernel third(__global char *y, float z) { { } }
__kernel void fourth() {}
)CLC"},
    {"conditional", "-D USE_DOUBLE -DWG=4 -D TYPE=ulong", R"CLC(
#ifdef USE_DOUBLE
typedef double real_t;
#else
typedef float real_t;
#endif
#if WG > 2 && defined(TYPE)
kernel void conditional(global real_t* out, TYPE n) __attribute__((reqd_work_group_size(WG, 1, 1))) {}
#else
kernel void conditional(global int* wrong) {}
#endif
)CLC"},
    {"commentsAndContinuations", "", R"CLC(
kernel void /* c1 */ commented( // trailing
    global float* a, /* inline */ global \
    const int* b, // another
    float /* between */ c) {}
)CLC"},
    {"generatedKernels", "", R"CLC(
#define DEFINE_ADD(T) \
    kernel void add_##T(global T* a, const T b) { a[get_global_id(0)] += b; }
DEFINE_ADD(float)
DEFINE_ADD(int)
#define DECLARE(name, ...) kernel void name(__VA_ARGS__)
DECLARE(variadic, global uchar* a, float2 b) {}
)CLC"},
    {"enums", "", R"CLC(
enum Mode { A, B };
typedef enum { C, D } Mode2;
kernel void enums(enum Mode m, Mode2 m2, global const enum Mode* pm, global Mode2* pm2) {}
)CLC"},
};

inline std::string corpusSource(std::string_view name) {
    for (const CorpusKernel& kernel : kSignatureCorpus)
        if (kernel.name == name)
            return kernel.source;
    throw std::invalid_argument("no corpus kernel " + std::string(name));
}

} // namespace clw::test
