// The sample kernel of CL Workbench: c[i] = a[i] + b[i].
// `clworkbench sample` runs it on 16 floats with a[i] = i and b[i] = 2 * i.
__kernel void vector_add(__global const float* a, __global const float* b, __global float* c) {
    const size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
