#pragma once
// The device side of a session: its buffers and images created on one context, filled with their
// initial contents, and the arguments of its launches typed by the kernels' signatures. The
// headless SessionRunner and the workbench's launch panel share it, so that a session runs the
// same way in both.
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/launch/ArgumentValue.h"
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/launch/LaunchGeometry.h"
#include "clw/engine/launch/LaunchResult.h"
#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Image.h"
#include "clw/engine/runtime/Sampler.h"
#include "clw/engine/session/NpyArray.h"
#include "clw/engine/session/Session.h"

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace clw::engine {

class CommandQueue;
class LaunchService;

class SessionResources {
public:
    // Creates every buffer and image of `session` on `context` (contents undefined until
    // initialize). `folder` is where data files resolve. Throws SessionError naming the buffer
    // (an element type that does not parse, an image format the device does not support) and
    // AllocationError / ClError for what the driver refused.
    SessionResources(const Context& context, const Session& session, std::filesystem::path folder);

    // Writes each buffer's and image's initial contents through `service` (ordered with the
    // launches that follow) and waits for them. One result per memory object, in the session's
    // order, with the transfer's profiling times. Throws SessionError naming the buffer and the
    // data file when the file is missing or does not fit. What fitted only by dropping the file's
    // shape (an array of two axes for a 1-D buffer) is said in `notes`.
    std::vector<std::pair<std::string, LaunchResult>>
    initialize(LaunchService& service, std::vector<std::string>* notes = nullptr);

    // The initial contents of one buffer (fill rule or data file), packed: elementCount() x the
    // element size (an image: x the pixel size). Throws SessionError. Notes as for initialize().
    std::vector<unsigned char> initialContents(const SessionBuffer& buffer,
                                               std::vector<std::string>* notes = nullptr) const;

    bool contains(const std::string& name) const;
    // Throws SessionError for a name the session does not have.
    const MemoryObject& memory(const std::string& name) const;
    // The buffer, or an empty Buffer for an image.
    Buffer buffer(const std::string& name) const;
    Image image(const std::string& name) const;
    // Bytes of the buffer (for an image: width x height x depth x pixel size).
    std::uint64_t byteSize(const std::string& name) const;

    // Reads one buffer or image back (blocking on `queue`) as .npy data: a scalar type as its
    // dtype, a vector type with a trailing component axis, a struct as uint8 (count, size).
    NpyArray read(const std::string& name, const CommandQueue& queue) const;
    // The same from the bytes of `buffer` read elsewhere (a device host's buffer): elementCount()
    // x the element size, an image's pixels in packed rows. Throws SessionError for an element
    // type that does not parse or bytes of another size.
    static NpyArray toArray(const SessionBuffer& buffer, std::vector<unsigned char> bytes);

    // A launch's arguments typed by its kernel's signature. Throws SessionError naming the
    // launch and the argument ("launch 'add': argument 2 'float *c': no buffer named 'cc'"):
    // a wrong count, an unknown buffer, a value that does not parse for the type. What runs but
    // may not be meant (an int buffer for a float*) goes to `warnings`, worded the same way.
    std::vector<ArgumentValue> arguments(const SessionLaunch& launch,
                                         const KernelSignature& signature,
                                         std::vector<std::string>* warnings = nullptr) const;

    const Session& session() const { return m_session; }
    const Context& context() const { return m_context; }

private:
    Context m_context;
    Session m_session;
    std::filesystem::path m_folder;
    std::map<std::string, MemoryObject> m_memory;
    std::map<std::string, Buffer> m_buffers;
    std::map<std::string, Image> m_images;
    std::map<std::string, ElementLayout> m_layouts;    // each buffer's element, each image's pixel
    mutable std::map<std::string, Sampler> m_samplers; // by sampler text, made on first use
};

// The launch's sizes as a LaunchGeometry (empty local: the driver chooses).
LaunchGeometry sessionGeometry(const SessionLaunch& launch);

} // namespace clw::engine
