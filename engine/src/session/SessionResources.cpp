#include "clw/engine/session/SessionResources.h"

#include "SessionMemoryTypes.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementFill.h"
#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/inspect/NpyConversion.h"
#include "clw/engine/inspect/PackedColumns.h"
#include "clw/engine/launch/LaunchService.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/session/SessionError.h"

#include <algorithm>
#include <future>
#include <memory>

namespace clw::engine {

namespace {

Image createImage(const Context& context, const SessionBuffer& buffer, cl_mem_flags flags,
                  const cl_image_format& format, cl_mem_object_type type) {
    const size_t width = size_t(detail::shapeWidth(buffer));
    const size_t height = size_t(detail::shapeHeight(buffer));
    const size_t depth = size_t(detail::shapeDepth(buffer));
    const std::vector<cl_image_format> supported = context.supportedImageFormats(flags, type);
    // operator== of cl_image_format lives in clw::engine, out of std::find's reach.
    const bool found = std::any_of(supported.begin(), supported.end(),
                                   [&](const cl_image_format& each) { return each == format; });
    if (!found)
        throw SessionError(detail::bufferLabel(buffer) + ": the device has no " +
                           buffer.image->type + " of " + imageFormatName(format) + " for " +
                           buffer.access +
                           " access; `clworkbench devices --all` lists the "
                           "formats it has");
    if (type == CL_MEM_OBJECT_IMAGE1D)
        return Image::create1D(context, flags, format, width);
    if (type == CL_MEM_OBJECT_IMAGE2D)
        return Image::create2D(context, flags, format, width, height);
    return Image::create3D(context, flags, format, width, height, depth);
}

// The service's callback as a future.
std::pair<LaunchService::Callback, std::future<LaunchResult>> promised() {
    auto promise = std::make_shared<std::promise<LaunchResult>>();
    std::future<LaunchResult> future = promise->get_future();
    return {[promise](LaunchResult result) { promise->set_value(std::move(result)); },
            std::move(future)};
}

bool isPowerOfTwo(size_t value) {
    return value && (value & (value - 1)) == 0;
}

} // namespace

SessionResources::SessionResources(const Context& context, const Session& session,
                                   std::filesystem::path folder)
    : m_context(context)
    , m_session(session)
    , m_folder(std::move(folder)) {
    for (const SessionBuffer& buffer : m_session.buffers) {
        const std::string label = detail::bufferLabel(buffer);
        if (m_memory.count(buffer.name))
            throw SessionError(label + ": the session has two buffers of this name");
        if (buffer.shape.empty() || buffer.shape.size() > 3)
            throw SessionError(label + ": `shape` takes 1 to 3 sizes, not " +
                               std::to_string(buffer.shape.size()));
        if (buffer.elementCount() == 0)
            throw SessionError(label + ": its shape holds no element; give every size above 0");
        const ElementLayout layout = detail::bufferLayout(buffer);
        const size_t bytes = detail::bufferBytes(buffer, layout);
        const cl_mem_flags flags = detail::accessFlags(buffer);
        if (buffer.image) {
            const cl_image_format format = detail::imageFormat(buffer);
            const cl_mem_object_type type = detail::imageObjectType(buffer);
            const size_t pixel = pixelSize(format);
            if (layout.size() != pixel) {
                const std::string suggestion = pixelTypeName(format);
                throw SessionError(label + ": its type " + buffer.elementType + " has " +
                                   std::to_string(layout.size()) + " bytes, a pixel of " +
                                   imageFormatName(format) + " " + std::to_string(pixel) +
                                   (suggestion.empty()
                                        ? std::string(": give a type of the pixel's size")
                                        : ": give the pixel's type, " + suggestion));
            }
            Image image = createImage(m_context, buffer, flags, format, type);
            m_memory[buffer.name] = image;
            m_images[buffer.name] = std::move(image);
        } else {
            Buffer created(m_context, flags, bytes);
            m_memory[buffer.name] = created;
            m_buffers[buffer.name] = std::move(created);
        }
        m_layouts[buffer.name] = layout;
    }
}

std::vector<std::pair<std::string, LaunchResult>>
SessionResources::initialize(LaunchService& service, std::vector<std::string>* notes) {
    struct Pending {
        std::future<LaunchResult> future; // a buffer's transfer through the service
        Event imageWrite;                 // an image's write on the service's queue
    };
    std::vector<Pending> pending;
    pending.reserve(m_session.buffers.size());
    for (const SessionBuffer& buffer : m_session.buffers) {
        Pending item;
        if (buffer.image) {
            // The service has no image transfers; its queue is in order, so a write enqueued on
            // it here still runs before any launch submitted after initialize() returns.
            auto bytes =
                std::make_shared<std::vector<unsigned char>>(initialContents(buffer, notes));
            const Size3 region{size_t(detail::shapeWidth(buffer)),
                               size_t(detail::shapeHeight(buffer)),
                               size_t(detail::shapeDepth(buffer))};
            item.imageWrite = service.queue().writeImage(
                m_images.at(buffer.name), {0, 0, 0}, region, bytes->data(), 0, 0, false, {}, bytes);
            service.queue().flush();
        } else {
            const ElementLayout& layout = m_layouts.at(buffer.name);
            const Buffer& target = m_buffers.at(buffer.name);
            auto [callback, future] = promised();
            item.future = std::move(future);
            // A uniform fill needs no host copy of the whole buffer: clEnqueueFillBuffer takes
            // patterns of 1 to 128 bytes, powers of two.
            std::unique_ptr<ElementFill> uniform;
            if (buffer.init.kind == SessionInit::Kind::Fill && isPowerOfTwo(layout.size()) &&
                layout.size() <= 128) {
                try {
                    uniform = std::make_unique<ElementFill>(layout, buffer.init.fill);
                } catch (const ImportError& error) {
                    throw SessionError(detail::bufferLabel(buffer) + ": fill: " + error.what());
                }
                if (!uniform->isUniform())
                    uniform.reset();
            }
            if (uniform)
                service.fill(target, uniform->pattern(), 0, target.size(), std::move(callback));
            else
                service.upload(target, 0, initialContents(buffer, notes), std::move(callback));
        }
        pending.push_back(std::move(item));
    }
    std::vector<std::pair<std::string, LaunchResult>> results;
    for (size_t i = 0; i < pending.size(); ++i) {
        LaunchResult result;
        if (pending[i].future.valid()) {
            result = pending[i].future.get();
        } else {
            result.event = pending[i].imageWrite;
            try {
                result.event.wait();
                result.runs.push_back(result.event.profilingTimes());
                result.ok = true;
            } catch (const ClError& error) {
                result.code = error.code();
                result.error = error.what();
            }
        }
        results.emplace_back(m_session.buffers[i].name, std::move(result));
    }
    return results;
}

bool SessionResources::contains(const std::string& name) const {
    return m_memory.count(name) != 0;
}

const MemoryObject& SessionResources::memory(const std::string& name) const {
    const auto it = m_memory.find(name);
    if (it == m_memory.end())
        throw SessionError("the session has no buffer or image named '" + name + "'");
    return it->second;
}

Buffer SessionResources::buffer(const std::string& name) const {
    memory(name); // throws for an unknown name
    const auto it = m_buffers.find(name);
    return it == m_buffers.end() ? Buffer() : it->second;
}

Image SessionResources::image(const std::string& name) const {
    memory(name);
    const auto it = m_images.find(name);
    return it == m_images.end() ? Image() : it->second;
}

std::uint64_t SessionResources::byteSize(const std::string& name) const {
    memory(name);
    const SessionBuffer* buffer = m_session.findBuffer(name);
    return buffer->elementCount() * m_layouts.at(name).size();
}

NpyArray SessionResources::read(const std::string& name, const CommandQueue& queue) const {
    memory(name);
    const SessionBuffer& buffer = *m_session.findBuffer(name);
    const ElementLayout& layout = m_layouts.at(name);
    std::vector<unsigned char> bytes(detail::bufferBytes(buffer, layout));
    if (buffer.image) {
        const Size3 region{size_t(detail::shapeWidth(buffer)), size_t(detail::shapeHeight(buffer)),
                           size_t(detail::shapeDepth(buffer))};
        queue.readImage(m_images.at(name), {0, 0, 0}, region, bytes.data());
    } else {
        queue.read(m_buffers.at(name), 0, bytes.size(), bytes.data());
    }
    return toArray(buffer, std::move(bytes));
}

NpyArray SessionResources::toArray(const SessionBuffer& buffer, std::vector<unsigned char> bytes) {
    const ElementLayout layout = detail::bufferLayout(buffer);
    const std::uint64_t count = buffer.elementCount();
    if (bytes.size() != detail::bufferBytes(buffer, layout))
        throw SessionError(detail::bufferLabel(buffer) + ": " + std::to_string(bytes.size()) +
                           " bytes came back for " + std::to_string(count) + " elements of " +
                           std::to_string(layout.size()) + " bytes");
    if (!detail::isScalarOrVector(layout)) {
        // A struct: its bytes as they are, one row an element.
        NpyArray array;
        array.type = NpyType::UInt8;
        array.shape = {size_t(count), layout.size()};
        array.data = std::move(bytes);
        return array;
    }
    std::vector<unsigned char> packed(size_t(count) * PackedColumns::packedSize(layout));
    PackedColumns::pack(layout, bytes.data(), size_t(count), layout.size(), packed.data());
    BufferShape shape;
    shape.dimensions = int(buffer.shape.size());
    shape.width = detail::shapeWidth(buffer);
    shape.height = detail::shapeHeight(buffer);
    shape.depth = detail::shapeDepth(buffer);
    return NpyConversion::toArray(layout, shape, std::move(packed));
}

LaunchGeometry sessionGeometry(const SessionLaunch& launch) {
    auto range = [&](const std::vector<std::uint64_t>& sizes, const char* field) {
        switch (sizes.size()) {
        case 0:
            return NDRange();
        case 1:
            return NDRange(size_t(sizes[0]));
        case 2:
            return NDRange(size_t(sizes[0]), size_t(sizes[1]));
        case 3:
            return NDRange(size_t(sizes[0]), size_t(sizes[1]), size_t(sizes[2]));
        default:
            throw SessionError(detail::launchLabel(launch) + ": `" + field +
                               "` takes 1 to 3 sizes, not " + std::to_string(sizes.size()));
        }
    };
    LaunchGeometry geometry;
    geometry.global = range(launch.global, "global");
    if (geometry.global.dimensions() == 0)
        throw SessionError(detail::launchLabel(launch) + ": `global` needs 1 to 3 sizes");
    geometry.local = range(launch.local, "local");
    geometry.offset = range(launch.offset, "offset");
    const unsigned dimensions = geometry.global.dimensions();
    if (geometry.local.dimensions() && geometry.local.dimensions() != dimensions)
        throw SessionError(detail::launchLabel(launch) + ": `local` has " +
                           std::to_string(geometry.local.dimensions()) + " sizes, `global` " +
                           std::to_string(dimensions) + "; give as many or none");
    if (geometry.offset.dimensions() && geometry.offset.dimensions() != dimensions)
        throw SessionError(detail::launchLabel(launch) + ": `offset` has " +
                           std::to_string(geometry.offset.dimensions()) + " sizes, `global` " +
                           std::to_string(dimensions) + "; give as many or none");
    return geometry;
}

} // namespace clw::engine
