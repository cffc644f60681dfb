/* A host program for tests of `clworkbench capture` (plain OpenCL 1.2 C API).
 *
 *   clw_capture_c OUTPUT_DIR [INCLUDE_DIR]
 *
 * On one in-order queue: saxpy once, apply once, saxpy five more times (y accumulates), then
 * brighten on a 16x8 RGBA image if the device has images. Writes y.bin, out.bin and dst.bin
 * (each the final contents of that kernel parameter's buffer or image) to OUTPUT_DIR.
 * The device is the first whose platform or device name contains CLW_TEST_DEVICE (any case),
 * else the first device of the first platform. */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <direct.h>
#define clw_mkdir(path) _mkdir(path)
#else
#include <sys/stat.h>
#define clw_mkdir(path) mkdir(path, 0777)
#endif

#ifndef CLW_CAPTURE_INCLUDE_DIR
#define CLW_CAPTURE_INCLUDE_DIR "include"
#endif

#define CHECK(call)                                                                    \
    do {                                                                               \
        cl_int check_err_ = (call);                                                    \
        if (check_err_ != CL_SUCCESS) {                                                \
            fprintf(stderr, "OpenCL error %d in %s (line %d)\n", (int)check_err_, #call, \
                    __LINE__);                                                         \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

/* For calls that return an object and report through their last argument. */
#define CHECK_ERR(err, what)                                                              \
    do {                                                                                  \
        if ((err) != CL_SUCCESS) {                                                        \
            fprintf(stderr, "OpenCL error %d in %s (line %d)\n", (int)(err), what, __LINE__); \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

/* The first source: real and scale.h (SCALE_BIAS, Params), found through -I. */
static const char *const header_source = "typedef float real;\n#include \"scale.h\"\n";

/* The second source: the kernels. WIDTH comes from the build options (-DWIDTH=16). */
static const char *const kernel_source =
    "__kernel void saxpy(__global const real* x, __global real* y, real alpha)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    y[i] = alpha * x[i] + y[i] + SCALE_BIAS;\n"
    "}\n"
    "\n"
    "__kernel void apply(__global const float* in, __global float4* out, Params p,\n"
    "                    __local float* scratch)\n"
    "{\n"
    "    size_t i = get_global_id(0);\n"
    "    size_t lid = get_local_id(0);\n"
    "    scratch[lid] = in[i];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    float v = scratch[lid];\n"
    "    out[i] = (float4)(v * p.gain + p.offset) * p.tint;\n"
    "}\n"
    "\n"
    "__kernel void brighten(__read_only image2d_t src, __write_only image2d_t dst, sampler_t s)\n"
    "{\n"
    "    int x = get_global_id(0);\n"
    "    int y = get_global_id(1);\n"
    "    if (x >= WIDTH) return;\n"
    "    write_imagef(dst, (int2)(x, y), read_imagef(src, s, (int2)(x, y)) * 0.5f);\n"
    "}\n";

/* Mirrors scale.h's Params: OpenCL C aligns float4 to 16 bytes, so tint is at offset 16. */
typedef struct {
    cl_float gain;
    cl_int offset;
    cl_int pad[2];
    cl_float4 tint;
} Params;
_Static_assert(offsetof(Params, tint) == 16, "tint must be at offset 16");
_Static_assert(sizeof(Params) == 32, "Params must be 32 bytes");

enum { SAXPY_N = 1000, APPLY_N = 256, APPLY_LOCAL = 64, IMAGE_W = 16, IMAGE_H = 8 };

static void lower(char *s)
{
    for (; *s; ++s)
        *s = (char)tolower((unsigned char)*s);
}

/* The platform or device name, in a buffer the caller frees. */
static char *platform_name(cl_platform_id platform)
{
    size_t size = 0;
    CHECK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, 0, NULL, &size));
    char *name = calloc(size + 1, 1);
    CHECK(clGetPlatformInfo(platform, CL_PLATFORM_NAME, size, name, NULL));
    return name;
}

static char *device_name(cl_device_id device)
{
    size_t size = 0;
    CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, 0, NULL, &size));
    char *name = calloc(size + 1, 1);
    CHECK(clGetDeviceInfo(device, CL_DEVICE_NAME, size, name, NULL));
    return name;
}

/* CLW_TEST_DEVICE: a substring of the platform or device name (any case); else the first. */
static cl_device_id pick_device(void)
{
    cl_uint num_platforms = 0;
    CHECK(clGetPlatformIDs(0, NULL, &num_platforms));
    if (num_platforms == 0) {
        fprintf(stderr, "no OpenCL platform\n");
        exit(1);
    }
    cl_platform_id *platforms = malloc(num_platforms * sizeof *platforms);
    CHECK(clGetPlatformIDs(num_platforms, platforms, NULL));

    const char *wanted_env = getenv("CLW_TEST_DEVICE");
    char *wanted = NULL;
    if (wanted_env && *wanted_env) {
        wanted = malloc(strlen(wanted_env) + 1);
        strcpy(wanted, wanted_env);
        lower(wanted);
    }

    cl_device_id chosen = NULL;
    for (cl_uint p = 0; p < num_platforms && !chosen; ++p) {
        cl_uint num_devices = 0;
        cl_int err = clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &num_devices);
        if (err == CL_DEVICE_NOT_FOUND || num_devices == 0)
            continue;
        CHECK_ERR(err, "clGetDeviceIDs");
        cl_device_id *devices = malloc(num_devices * sizeof *devices);
        CHECK(clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, num_devices, devices, NULL));
        char *pname = platform_name(platforms[p]);
        lower(pname);
        for (cl_uint d = 0; d < num_devices && !chosen; ++d) {
            if (!wanted) {
                chosen = devices[d];
                break;
            }
            char *dname = device_name(devices[d]);
            lower(dname);
            if (strstr(pname, wanted) || strstr(dname, wanted))
                chosen = devices[d];
            free(dname);
        }
        free(pname);
        free(devices);
    }
    if (!chosen) {
        fprintf(stderr, "no OpenCL device matches CLW_TEST_DEVICE=%s\n",
                wanted_env ? wanted_env : "");
        exit(1);
    }
    free(wanted);
    free(platforms);
    return chosen;
}

/* Creates path and any missing folder above it, like mkdir -p. */
static void make_dir(const char *path)
{
    char *partial = malloc(strlen(path) + 1);
    strcpy(partial, path);
    for (char *p = partial + 1;; ++p) {
        if (*p != '/' && *p != '\\' && *p != '\0')
            continue;
        const char end = *p;
        *p = '\0';
        const int drive = p == partial + 2 && partial[1] == ':'; /* C: on Windows */
        if (!drive && clw_mkdir(partial) != 0 && errno != EEXIST) {
            fprintf(stderr, "cannot create %s: %s\n", partial, strerror(errno));
            exit(1);
        }
        if (end == '\0')
            break;
        *p = end;
    }
    free(partial);
}

static void write_output(const char *dir, const char *name, const void *data, size_t size)
{
    size_t length = strlen(dir) + strlen(name) + 6;
    char *path = malloc(length);
    snprintf(path, length, "%s/%s.bin", dir, name);
    FILE *file = fopen(path, "wb");
    if (!file || fwrite(data, 1, size, file) != size || fclose(file) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    free(path);
}

static void print_floats(const char *name, const float *values, size_t count, size_t shown)
{
    printf("%s.bin: %zu floats:", name, count);
    for (size_t i = 0; i < shown && i < count; ++i)
        printf(" %g", values[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s OUTPUT_DIR [INCLUDE_DIR]\n", argv[0]);
        return 2;
    }
    const char *out_dir = argv[1];
    const char *include_dir = argc > 2 ? argv[2] : CLW_CAPTURE_INCLUDE_DIR;
    make_dir(out_dir);

    cl_device_id device = pick_device();
    {
        char *name = device_name(device);
        printf("device: %s\n", name);
        free(name);
    }

    cl_int err = CL_SUCCESS;
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK_ERR(err, "clCreateContext");
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    CHECK_ERR(err, "clCreateCommandQueue");

    /* 1. One program from two sources, built with an include folder and a definition. */
    const char *sources[2] = {header_source, kernel_source};
    cl_program program = clCreateProgramWithSource(context, 2, sources, NULL, &err);
    CHECK_ERR(err, "clCreateProgramWithSource");
    const char *quote = strchr(include_dir, ' ') ? "\"" : "";
    size_t options_size = strlen(include_dir) + 32;
    char *options = malloc(options_size);
    snprintf(options, options_size, "-I %s%s%s -DWIDTH=16", quote, include_dir, quote);
    err = clBuildProgram(program, 1, &device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        size_t log_size = 0;
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_size);
        char *log = calloc(log_size + 1, 1);
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, log_size, log, NULL);
        fprintf(stderr, "build log:\n%s\n", log);
        free(log);
        CHECK_ERR(err, "clBuildProgram");
    }
    free(options);

    /* 2. saxpy once: y = 1 * x + y + SCALE_BIAS. */
    static float x[SAXPY_N], y[SAXPY_N];
    for (int i = 0; i < SAXPY_N; ++i) {
        x[i] = (float)i * 0.25f;
        y[i] = (float)(i % 7) - 3.0f;
    }
    cl_mem x_buf = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof x, x,
                                  &err);
    CHECK_ERR(err, "clCreateBuffer(x)");
    cl_mem y_buf = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof y, y,
                                  &err);
    CHECK_ERR(err, "clCreateBuffer(y)");
    cl_kernel saxpy = clCreateKernel(program, "saxpy", &err);
    CHECK_ERR(err, "clCreateKernel(saxpy)");
    cl_float alpha = 1.0f;
    CHECK(clSetKernelArg(saxpy, 0, sizeof(cl_mem), &x_buf));
    CHECK(clSetKernelArg(saxpy, 1, sizeof(cl_mem), &y_buf));
    CHECK(clSetKernelArg(saxpy, 2, sizeof(cl_float), &alpha));
    size_t saxpy_global = SAXPY_N;
    CHECK(clEnqueueNDRangeKernel(queue, saxpy, 1, NULL, &saxpy_global, NULL, 0, NULL, NULL));

    /* 3. apply: a struct argument by value and a __local one. */
    static float in[APPLY_N];
    static cl_float4 out[APPLY_N];
    for (int i = 0; i < APPLY_N; ++i)
        in[i] = (float)(i % 16) * 0.125f;
    cl_mem in_buf = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in,
                                   in, &err);
    CHECK_ERR(err, "clCreateBuffer(in)");
    cl_mem out_buf = clCreateBuffer(context, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
    CHECK_ERR(err, "clCreateBuffer(out)");
    cl_kernel apply = clCreateKernel(program, "apply", &err);
    CHECK_ERR(err, "clCreateKernel(apply)");
    Params params;
    memset(&params, 0, sizeof params);
    params.gain = 1.5f;
    params.offset = 3;
    params.tint.s[0] = 1.0f;
    params.tint.s[1] = 2.0f;
    params.tint.s[2] = 3.0f;
    params.tint.s[3] = 4.0f;
    CHECK(clSetKernelArg(apply, 0, sizeof(cl_mem), &in_buf));
    CHECK(clSetKernelArg(apply, 1, sizeof(cl_mem), &out_buf));
    CHECK(clSetKernelArg(apply, 2, sizeof(Params), &params));
    CHECK(clSetKernelArg(apply, 3, APPLY_LOCAL * sizeof(cl_float), NULL));
    size_t apply_global = APPLY_N, apply_local = APPLY_LOCAL;
    CHECK(clEnqueueNDRangeKernel(queue, apply, 1, NULL, &apply_global, &apply_local, 0, NULL,
                                 NULL));
    CHECK(clEnqueueReadBuffer(queue, out_buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    write_output(out_dir, "out", out, sizeof out);
    print_floats("out", (const float *)out, APPLY_N * 4, 8);

    /* 4. saxpy five more times, alpha 1 to 5, on the same buffers (the queue is in order). */
    for (int k = 1; k <= 5; ++k) {
        alpha = (cl_float)k;
        CHECK(clSetKernelArg(saxpy, 2, sizeof(cl_float), &alpha));
        CHECK(clEnqueueNDRangeKernel(queue, saxpy, 1, NULL, &saxpy_global, NULL, 0, NULL, NULL));
    }
    CHECK(clEnqueueReadBuffer(queue, y_buf, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL));
    write_output(out_dir, "y", y, sizeof y);
    print_floats("y", y, SAXPY_N, 6);

    /* 5. brighten: images and a sampler created by the host, if the device has images. */
    cl_bool image_support = CL_FALSE;
    CHECK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof image_support, &image_support,
                          NULL));
    if (!image_support) {
        printf("no image support\n");
    } else {
        static cl_uchar pixels[IMAGE_W * IMAGE_H * 4], result[IMAGE_W * IMAGE_H * 4];
        for (int py = 0; py < IMAGE_H; ++py)
            for (int px = 0; px < IMAGE_W; ++px) {
                cl_uchar *p = &pixels[(py * IMAGE_W + px) * 4];
                p[0] = (cl_uchar)(px * 16);
                p[1] = (cl_uchar)(py * 32);
                p[2] = (cl_uchar)((px + py) * 8);
                p[3] = 255;
            }
        cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
        cl_image_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.image_type = CL_MEM_OBJECT_IMAGE2D;
        desc.image_width = IMAGE_W;
        desc.image_height = IMAGE_H;
        cl_mem src = clCreateImage(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format,
                                   &desc, pixels, &err);
        CHECK_ERR(err, "clCreateImage(src)");
        cl_mem dst = clCreateImage(context, CL_MEM_WRITE_ONLY, &format, &desc, NULL, &err);
        CHECK_ERR(err, "clCreateImage(dst)");
        cl_sampler sampler = clCreateSampler(context, CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE,
                                             CL_FILTER_NEAREST, &err);
        CHECK_ERR(err, "clCreateSampler");
        cl_kernel brighten = clCreateKernel(program, "brighten", &err);
        CHECK_ERR(err, "clCreateKernel(brighten)");
        CHECK(clSetKernelArg(brighten, 0, sizeof(cl_mem), &src));
        CHECK(clSetKernelArg(brighten, 1, sizeof(cl_mem), &dst));
        CHECK(clSetKernelArg(brighten, 2, sizeof(cl_sampler), &sampler));
        size_t image_global[2] = {IMAGE_W, IMAGE_H};
        CHECK(clEnqueueNDRangeKernel(queue, brighten, 2, NULL, image_global, NULL, 0, NULL,
                                     NULL));
        size_t origin[3] = {0, 0, 0}, region[3] = {IMAGE_W, IMAGE_H, 1};
        CHECK(clEnqueueReadImage(queue, dst, CL_TRUE, origin, region, 0, 0, result, 0, NULL,
                                 NULL));
        write_output(out_dir, "dst", result, sizeof result);
        printf("dst.bin: %dx%d RGBA8, pixels (1,1) and (2,1):", IMAGE_W, IMAGE_H);
        for (int i = 0; i < 8; ++i)
            printf(" %u", (unsigned)result[(IMAGE_W + 1) * 4 + i]);
        printf("\n");
        CHECK(clReleaseKernel(brighten));
        CHECK(clReleaseSampler(sampler));
        CHECK(clReleaseMemObject(dst));
        CHECK(clReleaseMemObject(src));
    }

    CHECK(clFinish(queue));
    CHECK(clReleaseKernel(apply));
    CHECK(clReleaseKernel(saxpy));
    CHECK(clReleaseMemObject(out_buf));
    CHECK(clReleaseMemObject(in_buf));
    CHECK(clReleaseMemObject(y_buf));
    CHECK(clReleaseMemObject(x_buf));
    CHECK(clReleaseProgram(program));
    CHECK(clReleaseCommandQueue(queue));
    CHECK(clReleaseContext(context));
    return 0;
}
