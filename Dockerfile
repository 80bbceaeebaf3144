# syntax=docker/dockerfile:1
# The sudoku server as a container: a static binary on a distroless base,
# run as a non-root user. Configure it with SUDOKU_* variables (every flag
# of `sudoku serve` has one: SUDOKU_ADDR, SUDOKU_DB, SUDOKU_SEED_BANK, ...).
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/sudoku ./cmd/sudoku

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/sudoku /sudoku
USER nonroot:nonroot
ENV SUDOKU_ADDR=0.0.0.0:8080 SUDOKU_LOG=json
EXPOSE 8080
HEALTHCHECK NONE
ENTRYPOINT ["/sudoku", "serve"]
