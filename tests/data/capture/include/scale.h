/* Included by capture_c.c's program through its -I build option (OpenCL C). */
#ifndef CLW_CAPTURE_SCALE_H
#define CLW_CAPTURE_SCALE_H

#define SCALE_BIAS 0.5f

/* The host's mirror is capture_c.c's Params: tint at offset 16, 32 bytes in all. */
typedef struct {
    float gain;
    int offset;
    float4 tint;
} Params;

#endif
