// Package vision reads a Sudoku grid from a photograph and draws a solution
// back onto it.
//
// Vocabulary:
//
//   - The photo is the decoded image, upright (EXIF orientation applied
//     unless Options.IgnoreEXIF).
//   - The work image is the photo in grayscale, downscaled so that its
//     longer side is at most Options.WorkSize pixels.
//   - Ink is what the adaptive threshold keeps: pixels darker than their
//     neighbourhood's mean by a margin.
//   - The grid's corners are the four corners of its outer border, in photo
//     coordinates, clockwise from the top left.
//   - The board is the grid warped flat by a homography: 9x9 cells of
//     CellSize pixels each.
//   - A cell's glyph is its largest ink blob near the centre, normalised to a
//     28x28 image (the digit fits 20x20, centred by centre of mass) like
//     MNIST's; a cell without one is empty.
//   - The model is a small neural network (two 3x3 convolutional layers
//     with max pooling, then fully connected layers; a multi-layer
//     perceptron is a model without conv layers) that maps a glyph to ten
//     probabilities: class 0 "not a digit" and the digits 1..9. Its
//     weights are embedded (model.bin) and retrained by cmd/train.
//
// Read runs the whole pipeline; Overlay draws a solution onto the photo.
// Evaluate measures the reader on a dataset of photos with their ground
// truth (Wicht & Hennebert's imageN.jpg and imageN.dat), by split: what
// 'sudoku scan --eval' prints.
// DecodePhoto and Photo are the same for servers: the decoded image's
// memory is bounded from its header before decoding
// (Options.MaxDecodedBytes: a 310 KB PNG can hold a 6320x6320 16-bit image
// of 305 MiB), the photo is turned upright in the small greyscale work
// image rather than copied, Photo.Read stops when its context is done
// (between stages: locating, each reading, each turn, each shift), and
// Photo.Overlay draws on a copy of bounded size.
//
// A photo taken sideways or upside down, or with an EXIF orientation that
// does not match its pixels, reads as the upright one: when the first
// reading is in doubt (the rules had to correct it, or the model is not
// confident of its cells), the grid is read turned by 90, 180 and 270
// degrees and the best reading kept, then read again from scratch in the
// work image turned upright.
//
// Photos come as JPEG, PNG, GIF or WebP. Errors: ErrNoGrid when no grid is
// found, ErrTooLarge for images over the byte, pixel or decoded-size
// limits, and a *FormatError for data that is not a readable image.
package vision
