#!/usr/bin/env python3
"""Writes builtins.txt: the OpenCL C 3.0 builtin functions and constants the kernel editor
completes, shows call tips for and styles as builtins (OpenCL C 3.0 specification, section 6.15,
conversions 6.4). Families that differ only by a vector width or a rounding mode are expanded
here so that the list stays complete; run it again after editing the tables below:

    python3 resources/opencl/make_builtins.py > resources/opencl/builtins.txt
"""

WIDTHS = ["2", "3", "4", "8", "16"]
ROUNDINGS = ["", "_rte", "_rtz", "_rtp", "_rtn"]
SCALARS = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float",
           "double", "half"]

out = []


def section(name):
    out.append("")
    out.append("[" + name + "]")


def add(*lines):
    out.extend(lines)


def unary(names, arg="gentype x", ret="gentype"):
    for n in names.split():
        add(f"{n}({arg}) -> {ret}")


def binary(names, args="gentype x, gentype y", ret="gentype"):
    for n in names.split():
        add(f"{n}({args}) -> {ret}")


section("work-item")
add("get_work_dim() -> uint")
for n in ["get_global_size", "get_global_id", "get_local_size", "get_enqueued_local_size",
          "get_local_id", "get_num_groups", "get_group_id", "get_global_offset"]:
    add(f"{n}(uint dimindx) -> size_t")
add("get_global_linear_id() -> size_t", "get_local_linear_id() -> size_t")
for n in ["get_sub_group_size", "get_max_sub_group_size", "get_num_sub_groups",
          "get_enqueued_num_sub_groups", "get_sub_group_id", "get_sub_group_local_id"]:
    add(f"{n}() -> uint")

section("math")
unary("acos acosh acospi asin asinh asinpi atan atanh atanpi cbrt ceil cos cosh cospi erfc erf "
      "exp exp2 exp10 expm1 fabs floor lgamma log log2 log10 log1p logb rint round rsqrt sin "
      "sinh sinpi sqrt tan tanh tanpi tgamma trunc")
binary("atan2 atan2pi", "gentype y, gentype x")
binary("copysign fdim fmod hypot maxmag minmag nextafter pow powr remainder")
add("fma(gentype a, gentype b, gentype c) -> gentype", "mad(gentype a, gentype b, gentype c) -> gentype")
for n in ["fmax", "fmin"]:
    add(f"{n}(gentype x, gentype y) -> gentype", f"{n}(gentype x, float y) -> gentype",
        f"{n}(gentype x, double y) -> gentype")
add("fract(gentype x, gentype *iptr) -> gentype",
    "frexp(gentype x, intn *exp) -> gentype",
    "ilogb(gentype x) -> intn",
    "ldexp(gentype x, intn k) -> gentype", "ldexp(gentype x, int k) -> gentype",
    "lgamma_r(gentype x, intn *signp) -> gentype",
    "modf(gentype x, gentype *iptr) -> gentype",
    "nan(uintn nancode) -> floatn", "nan(ulongn nancode) -> doublen",
    "pown(gentype x, intn y) -> gentype",
    "remquo(gentype x, gentype y, intn *quo) -> gentype",
    "rootn(gentype x, intn y) -> gentype",
    "sincos(gentype x, gentype *cosval) -> gentype")
for prefix in ["half_", "native_"]:
    unary(" ".join(prefix + n for n in
                   "cos exp exp2 exp10 log log2 log10 recip rsqrt sin sqrt tan".split()),
          "floatn x", "floatn")
    binary(prefix + "divide " + prefix + "powr", "floatn x, floatn y", "floatn")

section("integer")
add("abs(gentype x) -> ugentype", "abs_diff(gentype x, gentype y) -> ugentype")
binary("add_sat hadd rhadd max min mul_hi rotate sub_sat mul24")
for n in ["max", "min"]:
    add(f"{n}(gentype x, sgentype y) -> gentype")
add("clamp(gentype x, gentype minval, gentype maxval) -> gentype",
    "clamp(gentype x, sgentype minval, sgentype maxval) -> gentype")
unary("clz ctz popcount")
add("mad_hi(gentype a, gentype b, gentype c) -> gentype",
    "mad_sat(gentype a, gentype b, gentype c) -> gentype",
    "mad24(gentype x, gentype y, gentype z) -> gentype")
for hi, lo, ret in [("char", "uchar", "short"), ("uchar", "uchar", "ushort"),
                    ("short", "ushort", "int"), ("ushort", "ushort", "uint"),
                    ("int", "uint", "long"), ("uint", "uint", "ulong")]:
    add(f"upsample({hi}n hi, {lo}n lo) -> {ret}n")
add("dot(uchar4 a, uchar4 b) -> uint", "dot(char4 a, char4 b) -> int",
    "dot_acc_sat(uchar4 a, uchar4 b, uint acc) -> uint",
    "dot_acc_sat(char4 a, char4 b, int acc) -> int",
    "dot_4x8packed_uu_uint(uint a, uint b) -> uint",
    "dot_4x8packed_ss_int(uint a, uint b) -> int")

section("common")
add("clamp(gentype x, float minval, float maxval) -> gentype")
unary("degrees radians sign")
for n in ["max", "min"]:
    add(f"{n}(gentype x, float y) -> gentype")
add("mix(gentype x, gentype y, gentype a) -> gentype",
    "mix(gentype x, gentype y, float a) -> gentype",
    "step(gentype edge, gentype x) -> gentype", "step(float edge, gentype x) -> gentype",
    "smoothstep(gentype edge0, gentype edge1, gentype x) -> gentype",
    "smoothstep(float edge0, float edge1, gentype x) -> gentype")

section("geometric")
add("cross(float4 p0, float4 p1) -> float4", "cross(float3 p0, float3 p1) -> float3",
    "cross(double4 p0, double4 p1) -> double4", "cross(double3 p0, double3 p1) -> double3",
    "dot(floatn p0, floatn p1) -> float", "dot(doublen p0, doublen p1) -> double",
    "distance(floatn p0, floatn p1) -> float", "distance(doublen p0, doublen p1) -> double",
    "length(floatn p) -> float", "length(doublen p) -> double",
    "normalize(floatn p) -> floatn", "normalize(doublen p) -> doublen",
    "fast_distance(floatn p0, floatn p1) -> float", "fast_length(floatn p) -> float",
    "fast_normalize(floatn p) -> floatn")

section("relational")
binary("isequal isnotequal isgreater isgreaterequal isless islessequal islessgreater isordered "
       "isunordered", "floatn x, floatn y", "intn")
unary("isfinite isinf isnan isnormal signbit", "floatn x", "intn")
unary("any all", "igentype x", "int")
add("bitselect(gentype a, gentype b, gentype c) -> gentype",
    "select(gentype a, gentype b, igentype c) -> gentype",
    "select(gentype a, gentype b, ugentype c) -> gentype")

section("vector-load-store")
for n in WIDTHS:
    add(f"vload{n}(size_t offset, const gentype *p) -> gentype{n}",
        f"vload{n}(size_t offset, const __constant gentype *p) -> gentype{n}")
for n in WIDTHS:
    add(f"vstore{n}(gentype{n} data, size_t offset, gentype *p) -> void")
add("vload_half(size_t offset, const half *p) -> float",
    "vload_half(size_t offset, const __constant half *p) -> float")
for n in WIDTHS:
    add(f"vload_half{n}(size_t offset, const half *p) -> float{n}",
        f"vloada_half{n}(size_t offset, const half *p) -> float{n}")
for r in ROUNDINGS:
    add(f"vstore_half{r}(float data, size_t offset, half *p) -> void",
        f"vstore_half{r}(double data, size_t offset, half *p) -> void")
    for n in WIDTHS:
        add(f"vstore_half{n}{r}(float{n} data, size_t offset, half *p) -> void",
            f"vstorea_half{n}{r}(float{n} data, size_t offset, half *p) -> void")

section("synchronization")
add("barrier(cl_mem_fence_flags flags) -> void",
    "work_group_barrier(cl_mem_fence_flags flags) -> void",
    "work_group_barrier(cl_mem_fence_flags flags, memory_scope scope) -> void",
    "sub_group_barrier(cl_mem_fence_flags flags) -> void",
    "sub_group_barrier(cl_mem_fence_flags flags, memory_scope scope) -> void",
    "mem_fence(cl_mem_fence_flags flags) -> void",
    "read_mem_fence(cl_mem_fence_flags flags) -> void",
    "write_mem_fence(cl_mem_fence_flags flags) -> void",
    "atomic_work_item_fence(cl_mem_fence_flags flags, memory_order order, memory_scope scope) -> void")

section("address-space")
add("to_global(gentype *ptr) -> __global gentype *", "to_local(gentype *ptr) -> __local gentype *",
    "to_private(gentype *ptr) -> __private gentype *", "get_fence(gentype *ptr) -> cl_mem_fence_flags")

section("async-copy")
add("async_work_group_copy(__local gentype *dst, const __global gentype *src, size_t num_gentypes, event_t event) -> event_t",
    "async_work_group_copy(__global gentype *dst, const __local gentype *src, size_t num_gentypes, event_t event) -> event_t",
    "async_work_group_strided_copy(__local gentype *dst, const __global gentype *src, size_t num_gentypes, size_t src_stride, event_t event) -> event_t",
    "async_work_group_strided_copy(__global gentype *dst, const __local gentype *src, size_t num_gentypes, size_t dst_stride, event_t event) -> event_t",
    "wait_group_events(int num_events, event_t *event_list) -> void",
    "prefetch(const __global gentype *p, size_t num_gentypes) -> void")

section("atomics")
# OpenCL 1.x atomics on 32-bit integers (and atom_* on 64-bit ones, cl_khr_int64_*_atomics).
for prefix, types in [("atomic_", ["int", "uint"]), ("atom_", ["long", "ulong"])]:
    for space in ["__global", "__local"]:
        for t in types:
            p = f"volatile {space} {t} *p"
            for op in "add sub xchg min max and or xor".split():
                add(f"{prefix}{op}({p}, {t} val) -> {t}")
            add(f"{prefix}inc({p}) -> {t}", f"{prefix}dec({p}) -> {t}",
                f"{prefix}cmpxchg({p}, {t} cmp, {t} val) -> {t}")
    if prefix == "atomic_":
        for space in ["__global", "__local"]:
            add(f"atomic_xchg(volatile {space} float *p, float val) -> float")
# C11-style atomics: A is an atomic type (atomic_int, atomic_uint, atomic_long, atomic_ulong,
# atomic_float, atomic_double, atomic_intptr_t, ...), C its non-atomic type, M its operand type.
add("atomic_init(volatile A *obj, C value) -> void")


def explicit(name, args, ret, orders="memory_order order"):
    add(f"{name}({args}) -> {ret}",
        f"{name}_explicit({args}, {orders}) -> {ret}",
        f"{name}_explicit({args}, {orders}, memory_scope scope) -> {ret}")


explicit("atomic_store", "volatile A *object, C desired", "void")
explicit("atomic_load", "volatile A *object", "C")
explicit("atomic_exchange", "volatile A *object, C desired", "C")
for kind in ["strong", "weak"]:
    explicit(f"atomic_compare_exchange_{kind}", "volatile A *object, C *expected, C desired",
             "bool", "memory_order success, memory_order failure")
for op in "add sub or xor and min max".split():
    explicit(f"atomic_fetch_{op}", "volatile A *object, M operand", "C")
explicit("atomic_flag_test_and_set", "volatile atomic_flag *object", "bool")
explicit("atomic_flag_clear", "volatile atomic_flag *object", "void")

section("miscellaneous-vector")
add("vec_step(gentype a) -> int", "shuffle(gentypem x, ugentypen mask) -> gentypen",
    "shuffle2(gentypem x, gentypem y, ugentypen mask) -> gentypen")

section("printf")
add("printf(constant char *restrict format, ...) -> int")

section("image")
# (image type, integer coordinate, float coordinate or None, takes a sampler, depth image)
IMAGES = [("image1d_t", "int", "float", True, False),
          ("image1d_buffer_t", "int", None, False, False),
          ("image1d_array_t", "int2", "float2", True, False),
          ("image2d_t", "int2", "float2", True, False),
          ("image2d_array_t", "int4", "float4", True, False),
          ("image3d_t", "int4", "float4", True, False),
          ("image2d_depth_t", "int2", "float2", True, True),
          ("image2d_array_depth_t", "int4", "float4", True, True)]
for suffix, ret in [("f", "float4"), ("i", "int4"), ("ui", "uint4"), ("h", "half4")]:
    for image, icoord, fcoord, sampled, depth in IMAGES:
        if depth and suffix != "f":
            continue
        r = "float" if depth else ret
        if sampled:
            add(f"read_image{suffix}(read_only {image} image, sampler_t sampler, {icoord} coord) -> {r}")
            add(f"read_image{suffix}(read_only {image} image, sampler_t sampler, {fcoord} coord) -> {r}")
        add(f"read_image{suffix}(read_only {image} image, {icoord} coord) -> {r}")
for suffix, color in [("f", "float4"), ("i", "int4"), ("ui", "uint4"), ("h", "half4")]:
    for image, icoord, fcoord, sampled, depth in IMAGES:
        if depth and suffix != "f":
            continue
        value = "float depth" if depth else f"{color} color"
        add(f"write_image{suffix}(write_only {image} image, {icoord} coord, {value}) -> void")
ALL_IMAGES = [i[0] for i in IMAGES]
for image in ALL_IMAGES:
    add(f"get_image_width({image} image) -> int")
for image in ["image2d_t", "image2d_array_t", "image3d_t", "image2d_depth_t", "image2d_array_depth_t"]:
    add(f"get_image_height({image} image) -> int")
add("get_image_depth(image3d_t image) -> int")
for image in ALL_IMAGES:
    add(f"get_image_channel_data_type({image} image) -> int")
for image in ALL_IMAGES:
    add(f"get_image_channel_order({image} image) -> int")
add("get_image_dim(image2d_t image) -> int2", "get_image_dim(image2d_array_t image) -> int2",
    "get_image_dim(image2d_depth_t image) -> int2", "get_image_dim(image2d_array_depth_t image) -> int2",
    "get_image_dim(image3d_t image) -> int4")
for image in ["image1d_array_t", "image2d_array_t", "image2d_array_depth_t"]:
    add(f"get_image_array_size({image} image) -> size_t")

section("work-group")
for scope, index in [("work_group", "size_t local_id"), ("sub_group", "uint sub_group_local_id")]:
    add(f"{scope}_all(int predicate) -> int", f"{scope}_any(int predicate) -> int",
        f"{scope}_broadcast(gentype a, {index}) -> gentype")
    if scope == "work_group":
        add("work_group_broadcast(gentype a, size_t local_id_x, size_t local_id_y) -> gentype",
            "work_group_broadcast(gentype a, size_t local_id_x, size_t local_id_y, size_t local_id_z) -> gentype")
    for kind in ["reduce", "scan_exclusive", "scan_inclusive"]:
        for op in ["add", "min", "max"]:
            add(f"{scope}_{kind}_{op}(gentype x) -> gentype")

section("pipe")
add("read_pipe(read_only pipe gentype p, gentype *ptr) -> int",
    "read_pipe(read_only pipe gentype p, reserve_id_t reserve_id, uint index, gentype *ptr) -> int",
    "write_pipe(write_only pipe gentype p, const gentype *ptr) -> int",
    "write_pipe(write_only pipe gentype p, reserve_id_t reserve_id, uint index, const gentype *ptr) -> int")
for scope in ["", "work_group_", "sub_group_"]:
    add(f"{scope}reserve_read_pipe(read_only pipe gentype p, uint num_packets) -> reserve_id_t",
        f"{scope}reserve_write_pipe(write_only pipe gentype p, uint num_packets) -> reserve_id_t",
        f"{scope}commit_read_pipe(read_only pipe gentype p, reserve_id_t reserve_id) -> void",
        f"{scope}commit_write_pipe(write_only pipe gentype p, reserve_id_t reserve_id) -> void")
add("is_valid_reserve_id(reserve_id_t reserve_id) -> bool",
    "get_pipe_num_packets(pipe gentype p) -> uint", "get_pipe_max_packets(pipe gentype p) -> uint")

section("enqueue")
add("enqueue_kernel(queue_t queue, kernel_enqueue_flags_t flags, const ndrange_t ndrange, void (^block)(void)) -> int",
    "enqueue_kernel(queue_t queue, kernel_enqueue_flags_t flags, const ndrange_t ndrange, uint num_events_in_wait_list, const clk_event_t *event_wait_list, clk_event_t *event_ret, void (^block)(void)) -> int",
    "enqueue_kernel(queue_t queue, kernel_enqueue_flags_t flags, const ndrange_t ndrange, void (^block)(local void *, ...), uint size0, ...) -> int",
    "enqueue_marker(queue_t queue, uint num_events_in_wait_list, const clk_event_t *event_wait_list, clk_event_t *event_ret) -> int",
    "get_default_queue() -> queue_t",
    "get_kernel_work_group_size(void (^block)(void)) -> uint",
    "get_kernel_preferred_work_group_size_multiple(void (^block)(void)) -> uint",
    "get_kernel_sub_group_count_for_ndrange(const ndrange_t ndrange, void (^block)(void)) -> uint",
    "get_kernel_max_sub_group_size_for_ndrange(const ndrange_t ndrange, void (^block)(void)) -> uint",
    "retain_event(clk_event_t event) -> void", "release_event(clk_event_t event) -> void",
    "create_user_event() -> clk_event_t", "is_valid_event(clk_event_t event) -> bool",
    "set_user_event_status(clk_event_t event, int status) -> void",
    "capture_event_profiling_info(clk_event_t event, clk_profiling_info name, __global void *value) -> void")
for d in ["1D", "2D", "3D"]:
    arr = "" if d == "1D" else "[" + d[0] + "]"
    sz = "size_t" if d == "1D" else "const size_t"
    add(f"ndrange_{d}({sz} global_work_size{arr}) -> ndrange_t",
        f"ndrange_{d}({sz} global_work_size{arr}, {sz} local_work_size{arr}) -> ndrange_t",
        f"ndrange_{d}({sz} global_work_offset{arr}, {sz} global_work_size{arr}, {sz} local_work_size{arr}) -> ndrange_t")

section("conversion")
for t in SCALARS:
    for n in [""] + WIDTHS:
        for sat in ["", "_sat"]:
            for r in ROUNDINGS:
                add(f"convert_{t}{n}{sat}{r}(gentype{n} x) -> {t}{n}")
for t in SCALARS:
    for n in [""] + WIDTHS:
        add(f"as_{t}{n}(gentype x) -> {t}{n}")

section("constants")
add(*"""CLK_LOCAL_MEM_FENCE CLK_GLOBAL_MEM_FENCE CLK_IMAGE_MEM_FENCE
CLK_NORMALIZED_COORDS_TRUE CLK_NORMALIZED_COORDS_FALSE CLK_ADDRESS_NONE CLK_ADDRESS_CLAMP
CLK_ADDRESS_CLAMP_TO_EDGE CLK_ADDRESS_REPEAT CLK_ADDRESS_MIRRORED_REPEAT CLK_FILTER_NEAREST
CLK_FILTER_LINEAR CLK_ENQUEUE_FLAGS_NO_WAIT CLK_ENQUEUE_FLAGS_WAIT_KERNEL
CLK_ENQUEUE_FLAGS_WAIT_WORK_GROUP CLK_SUCCESS CLK_ENQUEUE_FAILURE CLK_INVALID_QUEUE
CLK_INVALID_NDRANGE CLK_INVALID_EVENT_WAIT_LIST CLK_DEVICE_QUEUE_FULL CLK_INVALID_ARG_SIZE
CLK_EVENT_ALLOCATION_FAILURE CLK_OUT_OF_RESOURCES CLK_NULL_QUEUE CLK_NULL_EVENT
CLK_NULL_RESERVE_ID CLK_COMPLETE CLK_RUNNING CLK_PROFILING_COMMAND_EXEC_TIME
CLK_R CLK_A CLK_RG CLK_RA CLK_RGB CLK_RGBA CLK_BGRA CLK_ARGB CLK_INTENSITY CLK_LUMINANCE
CLK_Rx CLK_RGx CLK_RGBx CLK_DEPTH CLK_sRGB CLK_sRGBx CLK_sRGBA CLK_sBGRA CLK_ABGR
CLK_SNORM_INT8 CLK_SNORM_INT16 CLK_UNORM_INT8 CLK_UNORM_INT16 CLK_UNORM_SHORT_565
CLK_UNORM_SHORT_555 CLK_UNORM_INT_101010 CLK_UNORM_INT_101010_2 CLK_SIGNED_INT8
CLK_SIGNED_INT16 CLK_SIGNED_INT32 CLK_UNSIGNED_INT8 CLK_UNSIGNED_INT16 CLK_UNSIGNED_INT32
CLK_HALF_FLOAT CLK_FLOAT CLK_UNORM_INT24
memory_order_relaxed memory_order_acquire memory_order_release memory_order_acq_rel
memory_order_seq_cst memory_scope_work_item memory_scope_sub_group memory_scope_work_group
memory_scope_device memory_scope_all_svm_devices memory_scope_all_devices ATOMIC_VAR_INIT
ATOMIC_FLAG_INIT CHAR_BIT CHAR_MAX CHAR_MIN INT_MAX INT_MIN LONG_MAX LONG_MIN SCHAR_MAX
SCHAR_MIN SHRT_MAX SHRT_MIN UCHAR_MAX USHRT_MAX UINT_MAX ULONG_MAX FLT_DIG FLT_MANT_DIG
FLT_MAX_10_EXP FLT_MAX_EXP FLT_MIN_10_EXP FLT_MIN_EXP FLT_RADIX FLT_MAX FLT_MIN FLT_EPSILON
DBL_DIG DBL_MANT_DIG DBL_MAX_10_EXP DBL_MAX_EXP DBL_MIN_10_EXP DBL_MIN_EXP DBL_MAX DBL_MIN
DBL_EPSILON HALF_MAX HALF_MIN HALF_EPSILON MAXFLOAT HUGE_VALF HUGE_VAL INFINITY NAN
FP_ILOGB0 FP_ILOGBNAN M_E_F M_LOG2E_F M_LOG10E_F M_LN2_F M_LN10_F M_PI_F M_PI_2_F M_PI_4_F
M_1_PI_F M_2_PI_F M_2_SQRTPI_F M_SQRT2_F M_SQRT1_2_F M_E M_LOG2E M_LOG10E M_LN2 M_LN10 M_PI
M_PI_2 M_PI_4 M_1_PI M_2_PI M_2_SQRTPI M_SQRT2 M_SQRT1_2 __OPENCL_VERSION__
__OPENCL_C_VERSION__ CL_VERSION_1_0 CL_VERSION_1_1 CL_VERSION_1_2 CL_VERSION_2_0
CL_VERSION_3_0 __ENDIAN_LITTLE__ __IMAGE_SUPPORT__ __FAST_RELAXED_MATH__ __kernel_exec
__opencl_c_3d_image_writes __opencl_c_atomic_order_acq_rel __opencl_c_atomic_order_seq_cst
__opencl_c_atomic_scope_device __opencl_c_atomic_scope_all_devices
__opencl_c_device_enqueue __opencl_c_generic_address_space __opencl_c_fp64
__opencl_c_images __opencl_c_int64 __opencl_c_pipes __opencl_c_program_scope_global_variables
__opencl_c_read_write_images __opencl_c_subgroups __opencl_c_work_group_collective_functions
""".split())

print("# OpenCL C 3.0 builtins for completion, call tips and highlighting (generated by")
print("# make_builtins.py; edit that and run it again). One overload a line: name(parameters) -> type.")
print("# [section] lines name the group of the lines that follow; lines without '(' are constants.")
print("# gentype: the scalar and vector types a function takes (n = 2, 3, 4, 8, 16); sgentype: its")
print("# scalar; ugentype / igentype: the unsigned / signed integer type of the same size;")
print("# A / C / M in C11-style atomics: the atomic type, its value type and its operand type.")
print("\n".join(out).lstrip("\n"))
