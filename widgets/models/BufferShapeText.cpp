#include "models/BufferShapeText.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/inspect/LayoutError.h"
#include "clw/engine/inspect/NpyConversion.h"

#include <QStringList>

namespace clw::ui {

QString bufferShapeText(const engine::SessionBuffer& buffer) {
    static const char* const kAxes[] = {"width", "height", "depth"};
    QStringList extents;
    QStringList axes;
    for (size_t i = 0; i < buffer.shape.size() && i < 3; ++i) {
        extents << QString::number(buffer.shape[i]);
        axes << QLatin1String(kAxes[i]);
    }
    QString text =
        QStringLiteral("'%1': %2 %3")
            .arg(QString::fromStdString(buffer.name), extents.join(QStringLiteral(" x ")),
                 QString::fromStdString(buffer.elementType));
    if (buffer.shape.size() > 1)
        text += QStringLiteral(" (%1)").arg(axes.join(QStringLiteral(" x ")));
    try {
        const engine::ElementLayout layout = engine::ElementLayout::parse(buffer.elementType);
        engine::BufferShape shape;
        shape.dimensions = int(buffer.shape.size());
        shape.width = buffer.shape.empty() ? 1 : buffer.shape[0];
        shape.height = buffer.shape.size() > 1 ? buffer.shape[1] : 1;
        shape.depth = buffer.shape.size() > 2 ? buffer.shape[2] : 1;
        QStringList numpy;
        for (size_t extent : engine::NpyConversion::arrayShape(layout, shape))
            numpy << QString::number(extent);
        text += QStringLiteral("; numpy shape (%1%2)")
                    .arg(numpy.join(QStringLiteral(", ")),
                         numpy.size() == 1 ? QStringLiteral(",") : QString());
    } catch (const engine::LayoutError&) {
    }
    return text;
}

} // namespace clw::ui
